import { invalidParam } from '../errors.js';
import type { SettingsKindDef } from './types.js';

/** Characters (Unicode code points), so the limit means the same in every script. */
export const AI_INSTRUCTIONS_MAX = 4000;
export const AI_GREETING_MAX = 500;

export type AiInstructions = {
  /** Free text the AI clerk follows: house rules, upselling, allergens policy… */
  instructions: string;
  greeting: string | null;
  tone: 'friendly' | 'formal' | 'concise';
  /** Languages the clerk may answer in besides the location's default language. */
  languages: string[];
};

export const aiInstructions: SettingsKindDef = {
  defaults: (): AiInstructions => ({ instructions: '', greeting: null, tone: 'friendly', languages: [] }),
  // Lengths and shapes are the schema's; canonical language tags are normalised here.
  check(data) {
    const s = data as unknown as AiInstructions;
    const languages = s.languages.map((tag, i) => {
      try {
        return Intl.getCanonicalLocales(tag)[0];
      } catch {
        throw invalidParam(`languages.${i}`, `'${tag}' is not a language code (BCP 47, e.g. 'en' or 'pt-BR').`);
      }
    });
    return { ...data, languages };
  },
};
