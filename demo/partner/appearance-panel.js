// The demo's appearance panel (the #appearance-panel fieldset): a few presets, the lender's brand among them, a
// font (a family the signing app hosts, or a system stack) and a dark toggle. The panel's appearance goes into each
// new instance's options (`appearance`), and a change while an instance runs calls its update(): the frame
// restyles in place, with no reload and no new session (README "Appearance"). Self-contained: demo.js only asks
// for the options and hands over each instance it creates.
(function () {
  'use strict';
  // A partner with a dark mode of its own passes its dark colours with theme "dark"; colours given override the
  // theme's. Every colorText/colorBackground pair here reaches WCAG AA (4.5:1), as the SDK requires.
  var PRESETS = {
    sandbox: { label: 'Sandbox default (no tokens)' },
    lender: {
      label: 'Northwind Capital: the lender\u2019s brand',
      light: {
        colorPrimary: '#0b6e4f',
        colorDanger: '#b3261e',
        colorBackground: '#fbf8f1',
        colorText: '#1f2a24',
        borderRadius: '2px',
        fontSizeBase: '16px',
        spacingUnit: '5px',
        fontFamily: 'Lato',
      },
      dark: {
        colorPrimary: '#5fd3a6',
        colorDanger: '#ff8a80',
        colorBackground: '#10201a',
        colorText: '#e8f1ec',
        borderRadius: '2px',
        fontSizeBase: '16px',
        spacingUnit: '5px',
        fontFamily: 'Lato',
      },
    },
    sunrise: {
      label: 'Sunrise: rounded, black text on its amber buttons',
      light: {
        colorPrimary: '#ffb020',
        colorDanger: '#d92d20',
        borderRadius: '20px',
      },
    },
    compact: {
      label: 'Compact: small type, tight spacing, square corners',
      light: { colorPrimary: '#5b3cc4', borderRadius: '0px', fontSizeBase: '13px', spacingUnit: '2px' },
    },
  };

  // What appearance.variables.fontFamily accepts (README "Appearance"): the hosted families, then system stacks.
  var FONTS = [
    'Inter',
    'Roboto',
    'Open Sans',
    'Lato',
    'Source Sans 3',
    'Noto Sans',
    'system-ui',
    'sans-serif',
    'serif',
  ];

  var preset = document.getElementById('appearance-preset');
  var font = document.getElementById('appearance-font');
  var dark = document.getElementById('appearance-dark');
  var running;

  function addOption(select, value, label) {
    var option = document.createElement('option');
    option.value = value;
    option.textContent = label;
    select.append(option);
  }

  Object.keys(PRESETS).forEach(function (name) {
    addOption(preset, name, PRESETS[name].label);
  });
  addOption(font, '', 'The preset\u2019s (the app\u2019s own without one)');
  FONTS.forEach(function (name) {
    addOption(font, name, name);
  });

  /** The appearance the panel shows, or undefined for the sandbox default in the light theme (no option at all). */
  function current() {
    var chosen = PRESETS[preset.value] || PRESETS.sandbox;
    var theme = dark.checked ? 'dark' : 'light';
    var variables = (dark.checked && chosen.dark) || chosen.light;
    if (font.value) variables = Object.assign({}, variables, { fontFamily: font.value });
    if (!variables && theme === 'light') return undefined;
    return variables ? { theme: theme, variables: variables } : { theme: theme };
  }

  /** Restyles the running instance in place; its errors (a destroyed instance, say) go to the log. */
  function updateRunning() {
    if (!running) return;
    // update() replaces the whole appearance: the plain light theme is the way back to the app's own look.
    var appearance = current() || { theme: 'light' };
    try {
      running.update({ appearance: appearance });
      window.DemoLog.add('call', 'update()', { appearance: appearance });
    } catch (error) {
      window.DemoLog.add('call', 'update() threw', { name: error.name, message: error.message });
    }
  }

  preset.addEventListener('change', updateRunning);
  font.addEventListener('change', updateRunning);
  dark.addEventListener('change', updateRunning);

  window.DemoAppearancePanel = {
    /** `options` with the panel's appearance added (none for the sandbox default): for a new instance. */
    withAppearance: function (options) {
      var appearance = current();
      if (appearance) options.appearance = appearance;
      return options;
    },
    /** The instance the panel's changes update from now on (the newest one the demo created). */
    follow: function (instance) {
      running = instance;
      return instance;
    },
  };
})();
