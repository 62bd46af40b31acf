/**
 * The text of a field the screen cleans as it is typed (digits only, no spaces), written back to the
 * field at once: Preact, unlike React, leaves a refused character on screen when the cleaned text
 * is the one the state already had and nothing renders again.
 */
export function cleanInput(input: HTMLInputElement, clean: (text: string) => string): string {
  const text = clean(input.value);
  if (text !== input.value) input.value = text;
  return text;
}
