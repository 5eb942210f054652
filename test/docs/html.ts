// A small strict HTML reader for documentation snippets: tags must nest and close, attributes must be well
// formed, a stray `<` is an error. Script contents are raw text, as in a browser. It reports the script tags (with
// their attributes) and the inline scripts, for the checks that follow.

const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);
const ATTRIBUTE = /([^\s"'=<>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/y;
const START_TAG = /<([a-zA-Z][\w-]*)((?:\s+[^\s"'=<>/]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*(\/?)>/y;
const END_TAG = /<\/([a-zA-Z][\w-]*)\s*>/y;
const COMMENT = /<!--[\s\S]*?-->/y;

export interface ScriptTag {
  /** 1-based line of the tag within the snippet. */
  line: number;
  attributes: Record<string, string>;
  /** The inline code (empty for a script with src). */
  code: string;
  /** 1-based line where the inline code starts. */
  codeLine: number;
}

export interface HtmlReading {
  problems: string[];
  scripts: ScriptTag[];
}

function attributesOf(text: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  ATTRIBUTE.lastIndex = 0;
  for (let index = 0; index < text.length; ) {
    while (/\s/.test(text[index] ?? '')) index++;
    if (index >= text.length) break;
    ATTRIBUTE.lastIndex = index;
    const match = ATTRIBUTE.exec(text)!;
    attributes[match[1]!.toLowerCase()] = match[2] ?? match[3] ?? match[4] ?? '';
    index = ATTRIBUTE.lastIndex;
  }
  return attributes;
}

export function readHtml(code: string): HtmlReading {
  const problems: string[] = [];
  const scripts: ScriptTag[] = [];
  const open: { name: string; line: number }[] = [];
  const lineAt = (index: number) => code.slice(0, index).split('\n').length;
  for (let index = 0; index < code.length; ) {
    const next = code.indexOf('<', index);
    if (next === -1) break;
    index = next;
    const sticky = (pattern: RegExp) => ((pattern.lastIndex = index), pattern.exec(code));
    const comment = sticky(COMMENT);
    if (comment) {
      index += comment[0].length;
      continue;
    }
    const end = sticky(END_TAG);
    if (end) {
      const name = end[1]!.toLowerCase();
      const top = open.pop();
      if (!top || top.name !== name)
        problems.push(
          `line ${lineAt(index)}: </${name}> closes ${top ? `<${top.name}> of line ${top.line}` : 'nothing'}`,
        );
      index += end[0].length;
      continue;
    }
    const start = sticky(START_TAG);
    if (!start) {
      problems.push(`line ${lineAt(index)}: "<" that starts no tag or comment (write &lt;)`);
      index++;
      continue;
    }
    const name = start[1]!.toLowerCase();
    const line = lineAt(index);
    index += start[0].length;
    if (name === 'script') {
      const close = code.toLowerCase().indexOf('</script>', index);
      if (close === -1) {
        problems.push(`line ${line}: <script> never closed`);
        break;
      }
      scripts.push({
        line,
        attributes: attributesOf(start[2]!),
        code: code.slice(index, close),
        codeLine: lineAt(index),
      });
      index = close + '</script>'.length;
    } else if (!VOID.has(name) && !start[3]) {
      open.push({ name, line });
    }
  }
  for (const element of open) problems.push(`line ${element.line}: <${element.name}> never closed`);
  return { problems, scripts };
}
