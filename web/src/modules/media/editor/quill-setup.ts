/**
 * Quill's configuration for the article editor: the formats the server keeps,
 * the toolbar, and the French accessible names Quill does not give.
 */

/** The fonts the server accepts (class formats: .ql-font-<value>); 'cursive' is the decorative one. */
export const FONTS = ["sans-serif", "serif", "monospace", "arial", "georgia", "verdana", "cursive"] as const;

export const FONT_LABELS: Record<(typeof FONTS)[number], string> = {
  "sans-serif": "Sans empattement",
  serif: "Avec empattement",
  monospace: "Chasse fixe",
  arial: "Arial",
  georgia: "Georgia",
  verdana: "Verdana",
  cursive: "Décorative",
};

/** Everything else (code, video, sizes…) is refused while typing and pasting. */
export const FORMATS = [
  "font",
  "header",
  "bold",
  "italic",
  "underline",
  "strike",
  "color",
  "background",
  "list",
  "indent",
  "align",
  "blockquote",
  "link",
  "image",
];

export const TOOLBAR = [
  [{ font: [...FONTS] }, { header: [1, 2, 3, false] }],
  ["bold", "italic", "underline", "strike"],
  [{ color: [] }, { background: [] }],
  [{ list: "ordered" }, { list: "bullet" }, { indent: "-1" }, { indent: "+1" }],
  [{ align: [] }],
  ["blockquote", "link", "image"],
  ["clean"],
];

const BUTTON_LABELS: Record<string, string> = {
  bold: "Gras",
  italic: "Italique",
  underline: "Souligné",
  strike: "Barré",
  "list:ordered": "Liste numérotée",
  "list:bullet": "Liste à puces",
  "indent:-1": "Diminuer le retrait",
  "indent:+1": "Augmenter le retrait",
  blockquote: "Citation",
  link: "Lien",
  image: "Insérer une image",
  clean: "Effacer la mise en forme",
};

interface PickerNames {
  name: string;
  item: (value: string | null) => string;
}

const HEADER_LABELS: Record<string, string> = { "1": "Titre 1", "2": "Titre 2", "3": "Titre 3" };
const ALIGN_LABELS: Record<string, string> = { center: "Centré", right: "Aligné à droite", justify: "Justifié" };

const PICKERS: Record<string, PickerNames> = {
  font: { name: "Police", item: (value) => FONT_LABELS[value as keyof typeof FONT_LABELS] ?? "Par défaut" },
  header: { name: "Style de paragraphe", item: (value) => (value && HEADER_LABELS[value]) || "Texte normal" },
  color: { name: "Couleur du texte", item: (value) => (value ? `Couleur ${value}` : "Couleur par défaut") },
  background: { name: "Couleur de fond", item: (value) => (value ? `Fond ${value}` : "Sans couleur de fond") },
  align: { name: "Alignement", item: (value) => (value && ALIGN_LABELS[value]) || "Aligné à gauche" },
};

const pickerFormat = (picker: Element) =>
  Object.keys(PICKERS).find((format) => picker.classList.contains(`ql-${format}`));

/** Names every toolbar button and picker in French (Quill's are English format names or none). */
export function nameToolbar(toolbar: HTMLElement): void {
  toolbar.setAttribute("aria-label", "Mise en forme de l'article");
  toolbar.querySelectorAll<HTMLButtonElement>("button").forEach((button) => {
    const format = [...button.classList].find((name) => name.startsWith("ql-"))?.slice(3);
    if (!format) return;
    const label = BUTTON_LABELS[button.value ? `${format}:${button.value}` : format] ?? BUTTON_LABELS[format];
    if (label) {
      button.setAttribute("aria-label", label);
      button.title = label;
    }
  });
  toolbar.querySelectorAll<HTMLElement>(".ql-picker").forEach((picker) => {
    const format = pickerFormat(picker);
    if (!format) return;
    picker.querySelectorAll<HTMLElement>(".ql-picker-item").forEach((item) => {
      item.setAttribute("aria-label", PICKERS[format].item(item.getAttribute("data-value")));
    });
    picker.querySelector<HTMLElement>(".ql-picker-label")?.setAttribute("title", PICKERS[format].name);
  });
  refreshPickerNames(toolbar);
}

/** A picker's name says its current value ("Police : Georgia"); called when the selection changes. */
export function refreshPickerNames(toolbar: HTMLElement): void {
  toolbar.querySelectorAll<HTMLElement>(".ql-picker").forEach((picker) => {
    const format = pickerFormat(picker);
    const label = picker.querySelector<HTMLElement>(".ql-picker-label");
    if (!format || !label) return;
    const selected = picker.querySelector<HTMLElement>(".ql-picker-item.ql-selected");
    const value = selected ? selected.getAttribute("data-value") : label.getAttribute("data-value");
    label.setAttribute("aria-label", `${PICKERS[format].name} : ${PICKERS[format].item(value)}`);
  });
}

/** The link tooltip: a labelled field and keyboard-usable French actions. */
export function frenchTooltip(tooltip: HTMLElement): void {
  const input = tooltip.querySelector<HTMLInputElement>("input[type=text]");
  if (input) {
    input.setAttribute("aria-label", "Adresse du lien");
    input.setAttribute("data-link", "https://exemple.fr");
  }
  const actions: [string, string][] = [
    ["a.ql-action", '<span class="pp-edit">Modifier</span><span class="pp-save">Enregistrer</span>'],
    ["a.ql-remove", "Retirer"],
  ];
  for (const [selector, html] of actions) {
    const action = tooltip.querySelector<HTMLAnchorElement>(selector);
    if (!action) continue;
    action.innerHTML = html;
    action.setAttribute("role", "button");
    action.tabIndex = 0;
    action.addEventListener("keydown", (event) => {
      if (event.key !== "Enter" && event.key !== " ") return;
      event.preventDefault();
      action.click();
    });
  }
}
