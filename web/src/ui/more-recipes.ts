import {
  alertSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  dataListSlotRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  inputAddonRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  radioGroupSlotRecipe,
  radiomarkRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  textareaRecipe,
  toastSlotRecipe,
} from "@chakra-ui/react/theme";
import { mergeConfigs } from "@chakra-ui/react";
import { addRecipes } from "./theme";
import { touchTarget } from "./theme-config";

/** A recipe with the portal's changes merged in (deeply). */
function mergeRecipe<T extends object>(recipe: T, patch: object): T {
  return mergeConfigs({ theme: { recipes: { r: recipe } } }, { theme: { recipes: { r: patch } } }).theme!.recipes!
    .r as unknown as T;
}

/*
 * The styles of forms, dialogs, drawers, menus, tables and notifications. The modules
 * that render these components import this file, so the styles arrive with them and
 * not with the first page (a unit test checks that every such module does).
 */
addRecipes(
  {
    checkmark: checkmarkRecipe,
    inputAddon: inputAddonRecipe,
    radiomark: radiomarkRecipe,
    textarea: mergeRecipe(textareaRecipe, {
      variants: {
        size: { md: { textStyle: "md" } },
        variant: { outline: { borderColor: "border.emphasized" } },
      },
    }),
  },
  {
    alert: alertSlotRecipe,
    // A checkbox's row is its touch target: 44 px high on phones.
    checkbox: mergeRecipe(checkboxSlotRecipe, { base: { root: { minH: touchTarget("auto") } } }),
    dataList: dataListSlotRecipe,
    dialog: dialogSlotRecipe,
    drawer: drawerSlotRecipe,
    field: fieldSlotRecipe,
    fieldset: fieldsetSlotRecipe,
    // The item the arrows are on: Chakra's light grey (1.15:1 on white) is hardly seen; a tint
    // of the brand and a 2 px ring say it (WCAG 2.4.7, 1.4.11).
    menu: mergeRecipe(menuSlotRecipe, {
      base: {
        item: {
          _highlighted: { bg: "blue.50", outline: "2px solid", outlineColor: "blue.700", outlineOffset: "-2px" },
        },
      },
    }),
    nativeSelect: mergeRecipe(nativeSelectSlotRecipe, {
      variants: {
        size: { md: { field: { textStyle: "md", "--select-field-height": "sizes.11" } } },
        variant: { outline: { field: { borderColor: "border.emphasized" } } },
      },
    }),
    radioGroup: mergeRecipe(radioGroupSlotRecipe, { base: { item: { minH: touchTarget("auto") } } }),
    switch: switchSlotRecipe,
    table: tableSlotRecipe,
    toast: toastSlotRecipe,
  },
);
