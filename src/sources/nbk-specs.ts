// The four files of snapshots/nbk (README rows), one declaration each for the one reader (nbk-csv.ts).
import type { NbkSpec } from './nbk-csv.js';

export const USD_KZT_SPEC: NbkSpec = { path: 'nbk/exchange_rate_usd_kzt_daily.csv', source_id: 'nbk-usd-kzt', metric: 'usd_kzt_rate', unit: 'KZT per USD', dates: 'business-day' };
export const BASE_RATE_SPEC: NbkSpec = { path: 'nbk/base_rate_decisions.csv', source_id: 'nbk-base-rate', metric: 'base_rate', unit: 'percent per year', dates: 'decision' };
export const CPI_PREV_MONTH_SPEC: NbkSpec = { path: 'nbk/cpi_monthly_index_prev_month_100.csv', source_id: 'bns-cpi-prev-month', metric: 'cpi_prev_month', unit: 'index, previous month = 100', dates: 'month' };
export const CPI_PREV_YEAR_SPEC: NbkSpec = { path: 'nbk/cpi_monthly_index_same_month_prev_year_100.csv', source_id: 'bns-cpi-prev-year', metric: 'cpi_same_month_prev_year', unit: 'index, same month of previous year = 100', dates: 'month' };
