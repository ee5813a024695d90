import type { Lang } from '../../payload-types.js';
import { de } from './de.js';
import { en, type Texts } from './en.js';

export type { Texts };
export const TEXTS: Record<Lang, Texts> = { en, de };
export const texts = (lang: Lang): Texts => TEXTS[lang];
