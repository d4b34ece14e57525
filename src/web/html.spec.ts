import { describe, expect, it } from '@jest/globals';
import { html } from './html.js';

describe('html templates', () => {
  it('escape every interpolated value, in text and in attributes', () => {
    const name = `<script>alert('x')</script>" onmouseover="y`;
    expect(html`<a title="${name}">${name}</a>`.value).toBe(
      '<a title="&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&quot; onmouseover=&quot;y">&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&quot; onmouseover=&quot;y</a>',
    );
  });

  it('keep nested templates and lists as markup, and drop null, undefined and false', () => {
    const items = ['a&b', 'c'].map((x) => html`<li>${x}</li>`);
    expect(html`<ul>${items}</ul>${null}${undefined}${false}${0}`.value).toBe('<ul><li>a&amp;b</li><li>c</li></ul>0');
  });
});
