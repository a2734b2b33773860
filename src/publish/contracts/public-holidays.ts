// public-holidays.json: the calendar of official public holidays, kept apart from verified events.
import type { Model } from '../../model/model.js';
import type { Artifact } from '../artifact.js';
import { header, sourceRef } from './header.js';

/** The public-holiday calendar, kept apart from verified events: a package's data, not reviewed by Dala. */
export function publicHolidayCalendar(model: Model): Artifact[] {
  return [
    {
      path: 'public-holidays.json',
      schema: 'public-holidays',
      json: {
        ...header(model, 'public-holidays'),
        source: sourceRef(model, 'date-holidays'),
        review_status: 'unreviewed',
        note: 'Calendar of official public holidays (and substitute days off) as computed by the date-holidays package; not reviewed by Dala and not part of the verified events. Dates after the build are scheduled, not observed.',
        count: model.holidays.length,
        holidays: model.holidays.map((h) => ({
          date: h.date,
          title: h.title,
          scheduled: h.date > model.builtAt.slice(0, 10),
        })),
      },
    },
  ];
}
