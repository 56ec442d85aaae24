/**
 * A form's text fields by name, read when it is submitted. Forms that a visitor may start typing in
 * before React has taken over the page keep their inputs uncontrolled and read them here: React
 * resets a controlled input to its state when it hydrates, losing what was typed.
 */
export function readFields<Field extends string>(form: HTMLFormElement, fields: readonly Field[]): Record<Field, string> {
  const values = {} as Record<Field, string>;
  for (const field of fields) {
    const element = form.elements.namedItem(field);
    values[field] = element instanceof HTMLInputElement ? element.value : "";
  }
  return values;
}
