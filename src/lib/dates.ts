// Calendar helpers (UTC, ISO 8601).

/** ISO 8601 week label (2025-W47): weeks start on Monday; week 1 holds the year's first Thursday. */
export function isoWeek(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  const dayNum = (d.getUTCDay() + 6) % 7;
  d.setUTCDate(d.getUTCDate() - dayNum + 3); // the Thursday of this week decides the year
  const year = d.getUTCFullYear();
  const jan4 = new Date(Date.UTC(year, 0, 4));
  const week =
    1 +
    Math.round(
      ((d.getTime() - jan4.getTime()) / 86_400_000 - 3 + ((jan4.getUTCDay() + 6) % 7)) / 7,
    );
  return `${year}-W${String(week).padStart(2, '0')}`;
}
