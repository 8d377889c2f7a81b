/**
 * A plain top-level form POST, for services outside the store (an external mailing-list form
 * service answers with its own confirmation page). The CSP's form-action allows that origin.
 */
export function postForm(url: string, fields: Record<string, string>): void {
  const form = document.createElement('form');
  form.method = 'post';
  form.action = url;
  form.hidden = true;
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
}
