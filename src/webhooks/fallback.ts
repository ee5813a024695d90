/**
 * What the customer reads when the chatbot cannot answer (its receiver failed every attempt, or its
 * answer could not be carried out): short, in their language, never silence.
 */
const FALLBACK: Record<string, string> = {
  en: 'Sorry, we cannot answer right now. Please try again in a few minutes, or call the restaurant.',
  de: 'Entschuldigung, wir können gerade nicht antworten. Bitte versuche es in ein paar Minuten noch einmal oder ruf das Restaurant an.',
  fr: 'Désolé, nous ne pouvons pas répondre pour le moment. Merci de réessayer dans quelques minutes ou d’appeler le restaurant.',
  es: 'Lo sentimos, ahora mismo no podemos responder. Inténtalo de nuevo en unos minutos o llama al restaurante.',
  it: 'Spiacenti, al momento non possiamo rispondere. Riprova tra qualche minuto o chiama il ristorante.',
  nl: 'Sorry, we kunnen nu niet antwoorden. Probeer het over een paar minuten opnieuw of bel het restaurant.',
  tr: 'Üzgünüz, şu anda yanıt veremiyoruz. Lütfen birkaç dakika sonra tekrar deneyin veya restoranı arayın.',
};

/** The customer's language, else the location's default, else English; `de-AT` reads as `de`. */
export function fallbackText(...languages: (string | null | undefined)[]): string {
  for (const tag of languages) {
    const base = tag?.toLowerCase().split(/[-_]/)[0];
    if (base && FALLBACK[base]) return FALLBACK[base];
  }
  return FALLBACK.en;
}
