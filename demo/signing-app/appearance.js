// The partner's appearance, direction and theme in the signing app (docs/protocol.md, init and `update`). The SDK
// has validated and re-serialised every value already; the app validates each one AGAIN with the same rules
// (APPEARANCE rules in the SDK's src/appearance*.ts) and never applies raw text: a colour or length is rebuilt from
// what the rule matched, and an invalid value is ignored with a console warning that
// names the key and the rule (never the value: it could hold anything). Tokens reach the page only as CSS custom
// properties set through CSSOM (style.setProperty), which the app's strict CSP allows; app.css uses them.
(function () {
  'use strict';
  var THEMES = ['light', 'dark', 'auto'];
  var DIRECTIONS = ['ltr', 'rtl'];
  // Key → [custom property, rule]. A key left out (or invalid) falls back to the theme's value in app.css.
  var COLOURS = { colorPrimary: '--primary', colorDanger: '--danger', colorBackground: '--bg', colorText: '--text' };
  // Length keys → custom property and range, in px and in rem (the SDK's documented ranges).
  var LENGTHS = {
    borderRadius: { property: '--radius', px: [0, 24], rem: [0, 1.5] },
    fontSizeBase: { property: '--font-size', px: [12, 20], rem: [0.75, 1.25] },
    spacingUnit: { property: '--space', px: [2, 12], rem: [0.125, 0.75] },
  };
  // fontFamily → [stylesheet under /embed/fonts/ (none for a system stack), the app's own stack for --font]. The
  // hosted families fall back to Noto Sans Arabic and Hebrew (in each family's stylesheet) for right-to-left text.
  var RTL_FALLBACKS = '"Noto Sans Arabic", "Noto Sans Hebrew", system-ui, sans-serif';
  var FONTS = {
    Inter: ['inter', '"Inter", ' + RTL_FALLBACKS],
    Roboto: ['roboto', '"Roboto", ' + RTL_FALLBACKS],
    'Open Sans': ['open-sans', '"Open Sans", ' + RTL_FALLBACKS],
    Lato: ['lato', '"Lato", ' + RTL_FALLBACKS],
    'Source Sans 3': ['source-sans-3', '"Source Sans 3", ' + RTL_FALLBACKS],
    'Noto Sans': ['noto-sans', '"Noto Sans", ' + RTL_FALLBACKS],
    // The app's default stack (app.css), and the two generic families as they are.
    'system-ui': [undefined, 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif'],
    'sans-serif': [undefined, 'sans-serif'],
    serif: [undefined, 'serif'],
  };
  var FONT_RULE = 'must be one of ' + Object.keys(FONTS).join(', ');
  var KNOWN_VARIABLES = Object.keys(COLOURS).concat(Object.keys(LENGTHS), ['fontFamily']);
  // Every custom property this module may set, so that an update without a key takes the theme's value back.
  var PROPERTIES = ['--primary', '--on-primary', '--danger', '--on-danger', '--bg', '--text', '--muted', '--font'];
  var MIN_TEXT_CONTRAST = 4.5;

  function own(data, key) {
    return Object.prototype.hasOwnProperty.call(data, key) ? data[key] : undefined;
  }

  function isPlainObject(value) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
    var proto = Object.getPrototypeOf(value);
    return proto === Object.prototype || proto === null;
  }

  function ignore(path, rule) {
    console.warn('[signing app] ignored ' + path + ': ' + rule);
  }

  /** `#rgb` or `#rrggbb` (any case) → lowercase `#rrggbb`, else undefined. */
  function colour(value) {
    var match = typeof value === 'string' ? /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value) : null;
    if (!match) return undefined;
    var hex = match[1].toLowerCase();
    if (hex.length === 3) hex = hex[0] + hex[0] + hex[1] + hex[1] + hex[2] + hex[2];
    return '#' + hex;
  }

  /** A decimal (at most 3 decimals) with px or rem inside the key's range → its shortest form, else undefined. */
  function length(value, range) {
    var match = typeof value === 'string' ? /^(\d+(?:\.\d{1,3})?)(px|rem)$/.exec(value) : null;
    if (!match) return undefined;
    var number = Number(match[1]);
    var bounds = range[match[2]];
    if (!(number >= bounds[0] && number <= bounds[1])) return undefined;
    return String(number) + match[2];
  }

  /** WCAG 2.x relative luminance of a `#rrggbb` colour. */
  function luminance(hex) {
    var channels = [1, 3, 5].map(function (at) {
      var c = parseInt(hex.slice(at, at + 2), 16) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2];
  }

  function contrast(a, b) {
    var la = luminance(a);
    var lb = luminance(b);
    return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
  }

  /** Black or white, whichever contrasts more with `fill` (at least 4.58:1 for every sRGB colour). */
  function textOn(fill) {
    return contrast(fill, '#000000') >= contrast(fill, '#ffffff') ? '#000000' : '#ffffff';
  }

  /**
   * fontFamily: the app's own stack for a name on its list (exact spelling; never the received text) as --font,
   * and the name of the family's stylesheet; anything else is ignored and the app keeps its default font.
   */
  function readFont(variables, path, properties) {
    var name = own(variables, 'fontFamily');
    if (name === undefined) return undefined;
    var font = typeof name === 'string' && Object.prototype.hasOwnProperty.call(FONTS, name) ? FONTS[name] : null;
    if (!font) return void ignore(path + '.fontFamily', FONT_RULE);
    properties['--font'] = font[1];
    return font[0];
  }

  /** The valid variables as { customProperty: value }; every invalid one is left out and logged. */
  function readVariables(variables, path, result) {
    var properties = Object.create(null);
    if (variables === undefined) return properties;
    if (!isPlainObject(variables)) {
      ignore(path, 'must be an object of design tokens');
      return properties;
    }
    result.fontSheet = readFont(variables, path, properties);
    Object.keys(variables).forEach(function (key) {
      if (KNOWN_VARIABLES.indexOf(key) < 0) ignore(path + '.' + key, 'unknown token');
    });
    readColours(variables, path, properties);
    Object.keys(LENGTHS).forEach(function (key) {
      var raw = own(variables, key);
      if (raw === undefined) return;
      var value = length(raw, LENGTHS[key]);
      if (value === undefined) ignore(path + '.' + key, 'must be a length like "8px" inside its range');
      else properties[LENGTHS[key].property] = value;
    });
    return properties;
  }

  /** Colours, with black or white text on the fills, and text with background only together and at 4.5:1. */
  function readColours(variables, path, properties) {
    // Null-prototype maps: a polluted Object.prototype must not supply a token.
    var valid = Object.create(null);
    Object.keys(COLOURS).forEach(function (key) {
      var raw = own(variables, key);
      if (raw === undefined) return;
      valid[key] = colour(raw);
      if (valid[key] === undefined) ignore(path + '.' + key, 'must be a colour like "#1a1a1a" (#rgb or #rrggbb)');
    });
    if (valid.colorPrimary) {
      properties['--primary'] = valid.colorPrimary;
      properties['--on-primary'] = textOn(valid.colorPrimary);
    }
    if (valid.colorDanger) {
      properties['--danger'] = valid.colorDanger;
      properties['--on-danger'] = textOn(valid.colorDanger);
    }
    var text = valid.colorText;
    var background = valid.colorBackground;
    if (!text && !background) return;
    if (!text || !background) return ignore(path + '.colorText and colorBackground', 'must be given together');
    if (contrast(text, background) < MIN_TEXT_CONTRAST) {
      return ignore(path + '.colorText on colorBackground', 'needs a contrast of at least 4.5:1');
    }
    properties['--text'] = text;
    // Secondary text takes the body text's colour: only that pair is known to reach 4.5:1.
    properties['--muted'] = text;
    properties['--bg'] = background;
  }

  /** { theme, properties, fontSheet } from init's or update's `appearance` (undefined: the defaults). */
  function readAppearance(appearance, path) {
    var result = { theme: 'light', properties: Object.create(null), fontSheet: undefined };
    if (appearance === undefined) return result;
    if (!isPlainObject(appearance)) {
      ignore(path, 'must be an object');
      return result;
    }
    Object.keys(appearance).forEach(function (key) {
      if (key !== 'theme' && key !== 'variables') ignore(path + '.' + key, 'unknown key');
    });
    var theme = own(appearance, 'theme');
    if (theme !== undefined && THEMES.indexOf(theme) < 0) ignore(path + '.theme', 'must be light, dark or auto');
    else if (theme !== undefined) result.theme = theme;
    result.properties = readVariables(own(appearance, 'variables'), path + '.variables', result);
    return result;
  }

  var root = document.documentElement;
  var darkScheme = window.matchMedia('(prefers-color-scheme: dark)');
  var theme = 'light';

  function showTheme() {
    var dark = theme === 'dark' || (theme === 'auto' && darkScheme.matches);
    root.setAttribute('data-theme', dark ? 'dark' : 'light');
  }

  // 'auto' follows the signer's setting while the session runs, not only as it was at init.
  darkScheme.addEventListener('change', showTheme);

  /** The hosted family's stylesheet (`sheet`: "inter"), or none: one <link>, its href changed by an update. */
  function showFontSheet(sheet) {
    var link = document.getElementById('hosted-font');
    if (!sheet) {
      if (link) link.remove();
      return;
    }
    if (!link) {
      link = document.createElement('link');
      link.id = 'hosted-font';
      link.rel = 'stylesheet';
      document.head.append(link);
    }
    var href = '/embed/fonts/' + sheet + '.css';
    if (link.getAttribute('href') !== href) link.setAttribute('href', href);
  }

  /**
   * Applies a message's presentation in place (init or update): `appearance` replaces the last one whole (no
   * merge: a key it lacks takes the theme's value back), `dir` sets the layout direction (absent or invalid:
   * `fallbackDir`, the language's own direction). `path` names the message in warnings ("init", "update").
   */
  function apply(message, path, fallbackDir) {
    var read = readAppearance(own(message, 'appearance'), path + '.appearance');
    theme = read.theme;
    showTheme();
    showFontSheet(read.fontSheet);
    PROPERTIES.concat(
      Object.keys(LENGTHS).map(function (key) {
        return LENGTHS[key].property;
      }),
    ).forEach(function (property) {
      if (Object.prototype.hasOwnProperty.call(read.properties, property)) {
        root.style.setProperty(property, read.properties[property]);
      } else {
        root.style.removeProperty(property);
      }
    });
    var dir = own(message, 'dir');
    if (dir !== undefined && DIRECTIONS.indexOf(dir) < 0) ignore(path + '.dir', 'must be ltr or rtl');
    root.dir = DIRECTIONS.indexOf(dir) >= 0 ? dir : fallbackDir;
  }

  window.SandboxAppearance = {
    apply: apply,
    // For the sandbox's tests and tools: the same rules, without touching the page.
    read: readAppearance,
    textOn: textOn,
    contrast: contrast,
  };
})();
