import { describe, expect, it } from 'vitest';
import { isBlankHtml, safeLinkAddress, sanitizeHtml } from './richText.ts';

describe('sanitizeHtml', () => {
  it('keeps formatting, lists, headings and tables', () => {
    const html =
      '<h2>Run 3</h2><p><b>Bold</b>, <em>emphasis</em> and H<sub>2</sub>O</p><ul><li>one</li></ul>' +
      '<table><tbody><tr><td>1</td></tr></tbody></table>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('drops scripts, styles, frames and forms with their content', () => {
    expect(sanitizeHtml('<p>a</p><script>alert(1)</script><style>p{}</style><iframe src="x"></iframe>')).toBe(
      '<p>a</p>',
    );
    expect(sanitizeHtml('<form><input value="x"><button>go</button></form>b')).toBe('b');
  });

  it('removes every attribute but a safe link address', () => {
    expect(sanitizeHtml('<p onclick="x()" style="color:red" class="c">t</p>')).toBe('<p>t</p>');
    expect(sanitizeHtml('<img src="x" onerror="alert(1)">text')).toBe('text');
    expect(sanitizeHtml('<a href="https://nomad-lab.eu/x" onmouseover="y()">n</a>')).toBe(
      '<a href="https://nomad-lab.eu/x" target="_blank" rel="noopener noreferrer">n</a>',
    );
  });

  it('drops link addresses that run code or are relative', () => {
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href=" JaVaScRiPt:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href="data:text/html,<script>1</script>">x</a>')).toBe('<a>x</a>');
    expect(safeLinkAddress('/relative')).toBeUndefined();
    expect(safeLinkAddress('mailto:a@b.org')).toBe('mailto:a@b.org');
  });

  it('keeps the text of unknown elements and escapes text', () => {
    expect(sanitizeHtml('<custom-tag><font color="red">kept</font></custom-tag>')).toBe('kept');
    expect(sanitizeHtml('1 &lt; 2 &amp; <b>3 &gt; 2</b>')).toBe('1 &lt; 2 &amp; <b>3 &gt; 2</b>');
  });

  it('takes plain text as it is', () => {
    expect(sanitizeHtml('A sample grown at 300 K')).toBe('A sample grown at 300 K');
  });
});

describe('isBlankHtml', () => {
  it('says whether any text is shown', () => {
    expect(isBlankHtml('<p><br></p>')).toBe(true);
    expect(isBlankHtml('<p> </p><br>')).toBe(true);
    expect(isBlankHtml('<p>x</p>')).toBe(false);
  });
});
