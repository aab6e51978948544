/**
 * How sure the extractor is of each kind of fact, from clear grammatical
 * patterns down to weak cues. Kept in one place so the levels can be
 * read, and tuned, against each other.
 */

export const CONF_ALIAS = 0.9;
export const CONF_PASSIVE_AGENT = 0.85;
export const CONF_COPULA_OF = 0.85;
export const CONF_ACTIVE = 0.8;
export const CONF_MEASURE = 0.8;
export const CONF_APPOSITION = 0.75;
export const CONF_PREP = 0.7;
export const CONF_IS_A = 0.7;
export const CONF_CONCEPT = 0.6;
export const CONF_WEAK_VALUE = 0.5;
// A name a preposition introduces, tied to the sentence's subject for want of a pattern.
export const CONF_ATTACHMENT = 0.45;

// Multipliers for a hedged clause: a pronoun subject may be misresolved, a modal states no fact.
export const PRONOUN_FACTOR = 0.8;
export const MODAL_FACTOR = 0.7;
// A verb that shares the subject of an earlier clause ("… and was created by …") may have another.
export const SHARED_SUBJECT_FACTOR = 0.9;
