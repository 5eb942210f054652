/**
 * The element that has the keyboard focus, looked up through open shadow roots: document.activeElement stops at
 * the shadow host, so a container inside a web component would otherwise never see its frame or button focused.
 */
export function focusedElement(): Element | null {
  let element = document.activeElement;
  while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
  return element;
}
