// For tests: the CSS a component declares, read from the page's style sheets (jsdom lays nothing out).

/** Whether `selector` selects `element`; selectors jsdom cannot read (::-moz-focus-inner) select nothing. */
function matches(element: Element, selector: string): boolean {
  try {
    return element.matches(selector);
  } catch {
    return false;
  }
}

/** The values `property` is given for `element` by the page's style rules, media rules included. */
export function declared(element: Element, property: string): string[] {
  const values: string[] = [];
  const visit = (rules: CSSRuleList) => {
    for (const rule of rules) {
      if (rule instanceof CSSMediaRule) visit(rule.cssRules);
      else if (rule instanceof CSSStyleRule && matches(element, rule.selectorText)) {
        const value = rule.style.getPropertyValue(property);
        if (value) values.push(value);
      }
    }
  };
  for (const sheet of document.styleSheets) visit(sheet.cssRules);
  return values;
}
