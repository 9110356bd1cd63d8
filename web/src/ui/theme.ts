import { createSystem, type SystemConfig } from "@chakra-ui/react";
import { themeConfig } from "./theme-config";

let built: ReturnType<typeof createSystem> | undefined;

/**
 * The portal's Chakra system, built from its configuration (theme-config.ts) on first use. At
 * start-up the configuration is evaluated in a task of its own (boot.ts) and the system built in
 * another (main.tsx): together they were a phone's longest task.
 */
export const portalSystem = () => (built ??= createSystem(themeConfig));

type ThemeRecipes = NonNullable<NonNullable<SystemConfig["theme"]>["recipes"]>;
type ThemeSlotRecipes = NonNullable<NonNullable<SystemConfig["theme"]>["slotRecipes"]>;

/**
 * Adds recipes to the system after start-up, for components that only appear in parts
 * of the portal loaded later. Chakra reads a recipe when a component first renders,
 * so a module registers the recipes it uses when it is imported (see ui/more-recipes.ts).
 */
export function addRecipes(recipes: ThemeRecipes, slotRecipes: ThemeSlotRecipes) {
  const theme = (portalSystem()._config.theme ??= {});
  theme.recipes = { ...theme.recipes, ...recipes };
  theme.slotRecipes = { ...theme.slotRecipes, ...slotRecipes };
}
