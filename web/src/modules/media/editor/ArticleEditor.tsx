import { Box, Text } from "@chakra-ui/react";
import { useLayoutEffect, useMemo, useRef, useState } from "react";
import ReactQuill, { Quill, type RangeStatic } from "react-quill-new";
import "react-quill-new/dist/quill.snow.css";
import { notify } from "../../../ui/toaster";
import {
  BODY_IMAGE_TYPES,
  fileProblem,
  isSessionRefusal,
  UPLOAD_FAILED,
  type UploadedFile,
  useUploadFile,
} from "../upload";
import { isSafeImageSource, parseDocument } from "../quill-document";
import "./article-editor.css";
import { type AltTarget, ImageAltPanel } from "./ImageAltPanel";
import { FONTS, FORMATS, frenchTooltip, nameToolbar, refreshPickerNames, TOOLBAR } from "./quill-setup";

// Fonts are class formats (.ql-font-georgia…), limited to the ones the server keeps.
const Font = Quill.import("formats/font") as { whitelist: string[] };
Font.whitelist = [...FONTS];
Quill.register("formats/font", Font, true);

const Delta = Quill.import("delta");
type QuillInstance = InstanceType<typeof Quill>;

// Body images keep their alternative text in the document (`attributes.alt`), an empty one
// included (a decorative image): Quill's own image format drops an empty value.
const BaseImage = Quill.import("formats/image") as unknown as {
  new (...args: never[]): { domNode: HTMLElement; format(name: string, value: unknown): void };
};
class AltImage extends BaseImage {
  override format(name: string, value: unknown) {
    if (name !== "alt") return super.format(name, value);
    if (typeof value === "string") this.domNode.setAttribute("alt", value);
    else this.domNode.removeAttribute("alt");
  }
}
Quill.register("formats/image", AltImage, true);

/** The image at a place of the document, if any. */
function imageAt(quill: QuillInstance, index: number): { alt: string | null } | null {
  const [op] = quill.getContents(index, 1).ops;
  if (!op || typeof op.insert !== "object" || !op.insert || !("image" in op.insert)) return null;
  const alt = op.attributes?.alt;
  return { alt: typeof alt === "string" ? alt : null };
}

export interface ArticleEditorProps {
  /** The initial Quill document (delta JSON); later changes of this prop are ignored. */
  initialDocument: string;
  onChange: (document: string) => void;
  invalid?: boolean;
  /** Id of the element describing the editor (its error message). */
  describedBy?: string;
}

/** Body images go to the server first: the document only holds their /uploads/ link, never base64 data. */
async function insertUploadedImages(
  quill: QuillInstance,
  range: RangeStatic,
  files: File[],
  upload: (file: File) => Promise<UploadedFile>,
  busy: (delta: number) => void,
  inserted: (index: number) => void,
) {
  let index = range?.index ?? quill.getLength() - 1;
  if (range && range.length > 0) quill.deleteText(range.index, range.length, "user");
  for (const file of files) {
    const problem = fileProblem(file);
    if (problem) {
      notify.error(problem);
      continue;
    }
    busy(1);
    try {
      const { link } = await upload(file);
      index = Math.min(index, quill.getLength() - 1);
      quill.insertEmbed(index, "image", link, "user");
      inserted(index);
      index += 1;
      quill.setSelection(index, 0, "silent");
    } catch (error) {
      // The session has ended: the sign-in dialog says so; the other files would be refused too.
      if (isSessionRefusal(error)) break;
      notify.error(error instanceof Error ? error.message : UPLOAD_FAILED);
    } finally {
      busy(-1);
    }
  }
}

/** Removes images whose source the server would refuse (data: URLs of a paste or drop…). */
function removeUnsafeImages(quill: QuillInstance) {
  const unsafe: number[] = [];
  let index = 0;
  for (const op of quill.getContents().ops) {
    const image = typeof op.insert === "object" ? (op.insert as { image?: unknown }).image : undefined;
    if (typeof image === "string" && !isSafeImageSource(image)) unsafe.push(index);
    index += typeof op.insert === "string" ? op.insert.length : 1;
  }
  for (const position of unsafe.reverse()) quill.deleteText(position, 1, "api");
}

/**
 * Images still without an alternative text are named in the editor only (aria-label: the
 * document keeps `alt` alone), so that a screen reader says what is missing.
 */
function nameImages(root: HTMLElement) {
  root.querySelectorAll("img").forEach((image) => {
    if (image.hasAttribute("alt")) image.removeAttribute("aria-label");
    else image.setAttribute("aria-label", "Image sans texte alternatif");
  });
}

export const LINK_NEEDS_TEXT = "Sélectionnez d'abord, dans l'article, le texte qui deviendra le lien.";

type LinkTooltip = { edit: (mode: string, preview: string) => void };

/**
 * The toolbar's « Lien »: as Quill's own (the link's address asked over the selected text), but
 * with nothing selected it says what to do, where Quill did nothing at all.
 */
function linkHandler(this: { quill: QuillInstance }, value: boolean) {
  const range = this.quill.getSelection();
  if (!value) {
    this.quill.format("link", false, "user");
    return;
  }
  if (!range || range.length === 0) {
    notify.error(LINK_NEEDS_TEXT);
    return;
  }
  let preview = this.quill.getText(range.index, range.length);
  if (/^\S+@\S+\.\S+$/.test(preview) && !preview.startsWith("mailto:")) preview = `mailto:${preview}`;
  (this.quill.theme as unknown as { tooltip: LinkTooltip }).tooltip.edit("link", preview);
}

/** The Quill 2 editor of an article's body (snow theme), with its French, accessible toolbar. */
export default function ArticleEditor({ initialDocument, onChange, invalid = false, describedBy }: ArticleEditorProps) {
  const ref = useRef<ReactQuill>(null);
  const [uploads, setUploads] = useState(0);
  const [altTarget, setAltTarget] = useState<AltTarget | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const upload = useUploadFile();
  const uploadRef = useRef(upload);
  uploadRef.current = upload;

  // Uncontrolled: the first document only (Quill owns the content afterwards).
  const [initial] = useState(
    () => new Delta((parseDocument(initialDocument) ?? []) as ConstructorParameters<typeof Delta>[0]),
  );
  // Quill is rebuilt when its modules change: they are created once.
  const modules = useMemo(
    () => ({
      toolbar: { container: TOOLBAR, handlers: { link: linkHandler } },
      // Tab leaves the editor (no keyboard trap); in lists it still indents.
      keyboard: { bindings: { tab: { key: "Tab", handler: () => true } } },
      clipboard: {
        matchers: [
          [
            "IMG",
            (node: Node, delta: InstanceType<typeof Delta>) =>
              isSafeImageSource((node as HTMLImageElement).getAttribute("src") ?? "") ? delta : new Delta(),
          ],
        ],
      },
      // Pasted and dropped image files, and the toolbar's image button, all come through here.
      uploader: {
        mimetypes: BODY_IMAGE_TYPES,
        handler(this: { quill: QuillInstance }, range: RangeStatic, files: File[]) {
          void insertUploadedImages(
            this.quill,
            range,
            files,
            (file) => uploadRef.current(file),
            (delta) => setUploads((count) => count + delta),
            (index) => setAltTarget({ index, alt: null, fresh: true }),
          );
        },
      },
    }),
    [],
  );

  // Layout effects: the toolbar and the editing area are named in the same task as Quill builds
  // them, before anything paints or reads them (axe once found the pickers still unnamed).
  useLayoutEffect(() => {
    const quill = ref.current?.getEditor();
    if (!quill) return;
    const root = quill.root;
    root.setAttribute("role", "textbox");
    root.setAttribute("aria-multiline", "true");
    root.setAttribute("aria-label", "Contenu de l'article");
    const toolbar = quill.getModule("toolbar") as { container?: HTMLElement } | undefined;
    if (toolbar?.container) nameToolbar(toolbar.container);
    const tooltip = (quill.theme as unknown as { tooltip?: { root?: HTMLElement } }).tooltip?.root;
    if (tooltip) frenchTooltip(tooltip);

    const onEditorChange = () => toolbar?.container && refreshPickerNames(toolbar.container);
    // An image selected (Maj + flèche over it) or clicked opens its alternative text.
    const onSelectionChange = (range: RangeStatic | null) => {
      if (!range || range.length !== 1) return;
      const image = imageAt(quill, range.index);
      if (image) setAltTarget({ index: range.index, alt: image.alt, fresh: false });
    };
    const onClick = (event: MouseEvent) => {
      if (!(event.target instanceof HTMLImageElement)) return;
      const blot = Quill.find(event.target);
      if (!blot || blot instanceof Quill) return;
      const index = quill.getIndex(blot as Parameters<QuillInstance["getIndex"]>[0]);
      const image = imageAt(quill, index);
      if (image) setAltTarget({ index, alt: image.alt, fresh: true });
    };
    root.addEventListener("click", onClick);
    quill.on("selection-change", onSelectionChange);
    const onTextChange = (delta: { ops: { insert?: unknown }[] }) => {
      if (delta.ops.some((op) => typeof op.insert === "object" && op.insert && "image" in op.insert)) {
        removeUnsafeImages(quill);
        nameImages(root);
      }
    };
    nameImages(root);
    quill.on("editor-change", onEditorChange);
    quill.on("text-change", onTextChange);
    return () => {
      quill.off("editor-change", onEditorChange);
      quill.off("text-change", onTextChange);
      quill.off("selection-change", onSelectionChange);
      root.removeEventListener("click", onClick);
    };
  }, []);

  useLayoutEffect(() => {
    const root = ref.current?.getEditor().root;
    if (!root) return;
    root.setAttribute("aria-invalid", String(invalid));
    if (describedBy) root.setAttribute("aria-describedby", describedBy);
    else root.removeAttribute("aria-describedby");
  }, [invalid, describedBy]);

  /** An image's alternative text, written into the document (and so into the form's value). */
  const setAlt = (index: number, alt: string) => {
    const quill = ref.current?.getEditor();
    if (quill && imageAt(quill, index)) {
      quill.formatText(index, 1, "alt", alt, "user");
      nameImages(quill.root);
    }
  };

  /** The panel closed, the focus goes back to the text, just after the image (not to the page's top). */
  const closeAltPanel = (index: number) => {
    setAltTarget(null);
    ref.current?.getEditor().setSelection(index + 1, 0, "user");
  };

  return (
    <Box className="article-editor" data-editor-invalid={invalid || undefined} position="relative">
      <ReactQuill
        ref={ref}
        theme="snow"
        defaultValue={initial}
        modules={modules}
        formats={FORMATS}
        placeholder="Rédigez votre article…"
        onChange={(_html, _delta, _source, editor) => onChangeRef.current(JSON.stringify(editor.getContents()))}
      />
      <Text role="status" fontSize="sm" color="gray.700" mt="1">
        {uploads > 0 ? "Envoi de l'image en cours…" : ""}
      </Text>
      {altTarget && (
        <ImageAltPanel
          key={`${altTarget.index}-${altTarget.alt}`}
          target={altTarget}
          onClose={() => closeAltPanel(altTarget.index)}
          onDraft={(alt) => setAlt(altTarget.index, alt)}
          onSave={(alt) => {
            setAlt(altTarget.index, alt);
            closeAltPanel(altTarget.index);
          }}
        />
      )}
    </Box>
  );
}
