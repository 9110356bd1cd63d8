// The portal's theme as configuration: evaluated in a task of its own at start-up (boot.ts),
// before the system is built from it (theme.ts).
import { defaultBaseConfig, defineConfig, mergeConfigs } from "@chakra-ui/react";
import {
  animationStyles,
  badgeRecipe,
  buttonRecipe,
  cardSlotRecipe,
  globalCss,
  headingRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  semanticTokens,
  skeletonRecipe,
  spinnerRecipe,
  textStyles,
  tokens,
} from "@chakra-ui/react/theme";

/** The palettes the portal uses; the others (and dark mode) would only weigh on every page's CSS. */
const PALETTES = ["gray", "red", "orange", "green", "blue", "purple"] as const;
const KEPT_COLORS = new Set<string>([
  ...PALETTES,
  "transparent",
  "current",
  "black",
  "white",
  "whiteAlpha",
  "blackAlpha",
]);
const KEPT_SEMANTIC = new Set<string>([...PALETTES, "bg", "fg", "border"]);

const pick = <T extends object>(record: T, keep: Set<string>): T =>
  Object.fromEntries(Object.entries(record).filter(([key]) => keep.has(key))) as T;

/** Semantic tokens as light mode sees them: `{ _light, _dark }` values become the light one. */
function lightOnly(value: unknown): unknown {
  if (!value || typeof value !== "object") return value;
  if ("_light" in value) return (value as { _light: unknown })._light;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, lightOnly(inner)]));
}

/**
 * A touch target of at least 44 × 44 px on phones (below `md`), the theme's own size from
 * there on.
 */
export const touchTarget = (wide: string) => ({ base: "11", md: wide });

/** The system font stack: no web font is downloaded (fast on a phone, nothing leaves the site). */
const SYSTEM_FONTS =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", Ubuntu, Cantarell, "Helvetica Neue", Arial, sans-serif, "Apple Color Emoji", "Segoe UI Emoji"';

/**
 * Chakra's base preset with only the recipes the public pages use: the default
 * system carries a hundred recipes (date pickers, carousels…) that every page would
 * otherwise download.
 */
const chakraTheme = defineConfig({
  preflight: true,
  cssVarsPrefix: "chakra",
  cssVarsRoot: ":where(html, .chakra-theme)",
  globalCss,
  theme: {
    keyframes,
    tokens: { ...tokens, colors: pick(tokens.colors ?? {}, KEPT_COLORS) },
    semanticTokens: {
      ...semanticTokens,
      colors: lightOnly(pick(semanticTokens.colors ?? {}, KEPT_SEMANTIC)) as typeof semanticTokens.colors,
      shadows: lightOnly(semanticTokens.shadows) as typeof semanticTokens.shadows,
    },
    textStyles,
    layerStyles,
    animationStyles,
    // What the public pages show; forms, dialogs, menus and tables bring theirs (ui/more-recipes.ts).
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      heading: headingRecipe,
      input: inputRecipe,
      link: linkRecipe,
      skeleton: skeletonRecipe,
      spinner: spinnerRecipe,
    },
    slotRecipes: {
      card: cardSlotRecipe,
    },
  },
});

/** Brand colours; every text/background pair used passes WCAG AA. */
const portalTheme = defineConfig({
  globalCss: {
    "html, body": { bg: "gray.50", color: "gray.900" },
    // The pinned header bar (64 px) never hides the element that has the focus.
    html: { scrollPaddingTop: "80px" },
    // A checkbox or radio focused from the keyboard shows its ring at once: Chakra draws it from
    // its own focus-visible flag, which a focus moved there by a dialog (the filters drawer's
    // first checkbox) does not set, where the browser's :focus-visible does.
    "input:focus-visible + [data-part=control]": {
      outline: "2px solid",
      outlineColor: "brand.500",
      outlineOffset: "2px",
    },
  },
  theme: {
    recipes: {
      // Buttons and fields: 44 px high on phones; fields in 16 px text (phones zoom into smaller).
      button: {
        variants: {
          size: {
            xs: { h: touchTarget("8"), minW: touchTarget("8") },
            sm: { h: touchTarget("9"), minW: touchTarget("9") },
            md: { h: touchTarget("10"), minW: touchTarget("10") },
          },
        },
      },
      input: {
        variants: {
          size: { md: { textStyle: "md", "--input-height": "sizes.11" } },
          // Fields' borders: 3:1 against white at least.
          variant: { outline: { borderColor: "border.emphasized" } },
        },
      },
    },
    // Spec §2/§9: the tab bar widens from 750 px, the second bar changes layout at 450 px.
    breakpoints: { sm: "450px", md: "750px", lg: "1024px", xl: "1280px", "2xl": "1536px" },
    tokens: {
      fonts: {
        heading: { value: SYSTEM_FONTS },
        body: { value: SYSTEM_FONTS },
      },
      colors: {
        brand: {
          50: { value: "#eef4fb" },
          100: { value: "#dbe7f5" },
          500: { value: "#2a63ad" },
          600: { value: "#1d4f91" },
          700: { value: "#163d71" },
          800: { value: "#102d54" },
        },
        accent: { 500: { value: "#e8732c" }, 700: { value: "#a84a12" } },
      },
    },
    semanticTokens: {
      colors: {
        // Borders of form controls (checkboxes, radios, fields) need 3:1 against white: gray.500 gives 4.8:1.
        border: { emphasized: { value: "{colors.gray.500}" } },
        // Focus rings of gray controls (menu buttons, fields, checkboxes): Chakra's gray.400 gives
        // about 2.5:1 against white, under the 3:1 a visible focus needs; the brand blue gives 6:1.
        gray: { focusRing: { value: "{colors.brand.500}" } },
        brand: {
          solid: { value: "{colors.brand.600}" },
          contrast: { value: "white" },
          fg: { value: "{colors.brand.700}" },
          muted: { value: "{colors.brand.100}" },
          subtle: { value: "{colors.brand.50}" },
          emphasized: { value: "{colors.brand.500}" },
          focusRing: { value: "{colors.brand.500}" },
        },
      },
    },
  },
});

/** Chakra's base preset, its recipes the portal uses and the portal's own theme, merged here, once. */
export const themeConfig = mergeConfigs(defaultBaseConfig, chakraTheme, portalTheme);
