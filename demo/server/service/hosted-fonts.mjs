// The font families the sandbox signing app hosts (docs/appearance.md, appearance.variables.fontFamily): woff2
// files of the registry's @fontsource packages (SIL Open Font License 1.1, pinned in package.json; NOTICE), served
// from the app's own origin under its CSP (font-src 'self'). Regular (400) and bold (700) only, each subset behind
// its unicode-range, so a session downloads only the files for the characters it renders.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** Each family appearance.variables.fontFamily may name → its @fontsource package (and stylesheet name). */
export const HOSTED_FAMILIES = Object.freeze({
  Inter: 'inter',
  Roboto: 'roboto',
  'Open Sans': 'open-sans',
  Lato: 'lato',
  'Source Sans 3': 'source-sans-3',
  'Noto Sans': 'noto-sans',
});
/** Scripts none of the families covers (right-to-left text), in every family's stylesheet after the family. */
export const RTL_FALLBACKS = Object.freeze(['noto-sans-arabic', 'noto-sans-hebrew']);
const WEIGHTS = ['400', '700'];
/** Where the app serves them: `<FONTS_PATH><package>.css`, `<FONTS_PATH><version>/<file>.woff2`. */
export const FONTS_PATH = '/embed/fonts/';

/**
 * Reads the packages once: `sheet(name)` is a family's stylesheet ("inter.css"), `file(name)` the absolute path
 * of a woff2 file a stylesheet names ("5.3.0/inter-latin-400-normal.woff2"); both undefined for anything else.
 * A package whose CSS no longer has the expected shape stops the sandbox's start, rather than serve no font.
 */
export function loadHostedFonts() {
  const require = createRequire(import.meta.url);
  const files = new Map();
  const facesOf = (pkg) => {
    const root = dirname(require.resolve(`@fontsource/${pkg}/package.json`));
    const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    return WEIGHTS.flatMap((weight) =>
      [...readFileSync(join(root, `${weight}.css`), 'utf8').matchAll(/@font-face\s*{([^}]*)}/g)].map(([, body]) => {
        const face = parseFace(body, `@fontsource/${pkg}/${weight}.css`);
        files.set(`${version}/${face.file}`, join(root, 'files', face.file));
        return woff2Face(face, `${FONTS_PATH}${version}/${face.file}`);
      }),
    );
  };
  const fallbacks = RTL_FALLBACKS.flatMap(facesOf);
  const sheets = new Map(
    Object.values(HOSTED_FAMILIES).map((pkg) => [`${pkg}.css`, [...facesOf(pkg), ...fallbacks].join('\n')]),
  );
  return { sheet: (name) => sheets.get(name), file: (name) => files.get(name) };
}

/** The family, weight, unicode-range and woff2 file of one of @fontsource's @font-face rules. */
function parseFace(body, where) {
  const family = /font-family:\s*'([A-Za-z0-9 ]+)'/.exec(body)?.[1];
  const weight = /font-weight:\s*(\d+);/.exec(body)?.[1];
  const range = /unicode-range:\s*([U+0-9A-Fa-f?,\s-]+);/.exec(body)?.[1];
  const file = /url\(\.\/files\/([a-z0-9-]+\.woff2)\)/.exec(body)?.[1];
  if (!family || !weight || !range || !file) throw new Error(`hosted fonts: unexpected @font-face in ${where}`);
  return { family, weight, range: range.trim(), file };
}

/** One @font-face with the woff2 file only (every engine the SDK supports reads woff2). */
function woff2Face({ family, weight, range }, url) {
  return [
    '@font-face {',
    `  font-family: '${family}';`,
    '  font-style: normal;',
    `  font-weight: ${weight};`,
    // The partner's text appears at once in the fallback and changes to the family when its file arrives.
    '  font-display: swap;',
    `  src: url(${url}) format('woff2');`,
    `  unicode-range: ${range};`,
    '}',
  ].join('\n');
}
