// One interface message: a text with {placeholders}, or its plural forms (CLDR categories), of which
// the translator picks the one Intl.PluralRules gives for the message's {n}.
export type Message = string | ({ other: string } & Partial<Record<Intl.LDMLPluralRule, string>>);
