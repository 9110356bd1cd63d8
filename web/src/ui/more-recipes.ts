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
import { addRecipes } from "./theme";

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
    textarea: textareaRecipe,
  },
  {
    alert: alertSlotRecipe,
    checkbox: checkboxSlotRecipe,
    dataList: dataListSlotRecipe,
    dialog: dialogSlotRecipe,
    drawer: drawerSlotRecipe,
    field: fieldSlotRecipe,
    fieldset: fieldsetSlotRecipe,
    menu: menuSlotRecipe,
    nativeSelect: nativeSelectSlotRecipe,
    radioGroup: radioGroupSlotRecipe,
    switch: switchSlotRecipe,
    table: tableSlotRecipe,
    toast: toastSlotRecipe,
  },
);
