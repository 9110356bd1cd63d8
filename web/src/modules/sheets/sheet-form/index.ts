/** The service sheet form's logic, by concern; the dialog and its fields import it from here. */
export * from "./hours";
export * from "./input";
export * from "./places";
export * from "./validation";
export * from "./values";
