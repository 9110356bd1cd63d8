import { createSystem, defaultConfig, defineConfig } from "@chakra-ui/react";

/** Brand colours; every text/background pair used passes WCAG AA. */
const config = defineConfig({
  globalCss: {
    "html, body": { bg: "gray.50", color: "gray.900" },
  },
  theme: {
    // Spec §2/§9: the tab bar widens from 750 px, the second bar changes layout at 450 px.
    breakpoints: { sm: "450px", md: "750px", lg: "1024px", xl: "1280px", "2xl": "1536px" },
    tokens: {
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

export const system = createSystem(defaultConfig, config);
