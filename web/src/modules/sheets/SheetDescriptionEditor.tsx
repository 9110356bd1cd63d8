import { Box } from "@chakra-ui/react";
import { useLayoutEffect, useRef } from "react";
import ArticleEditor, { type ArticleEditorProps } from "../media/editor/ArticleEditor";

interface SheetDescriptionEditorProps extends ArticleEditorProps {
  /** The editing area's accessible name. */
  label: string;
  placeholder?: string;
}

/**
 * The article editor (Quill) for a service's description. Loaded lazily by the
 * service form, so Quill stays out of the first chunks; names the editing area
 * after the field instead of the article's body.
 */
export default function SheetDescriptionEditor({
  label,
  placeholder = "Présentez le service aux familles…",
  ...props
}: SheetDescriptionEditorProps) {
  const ref = useRef<HTMLDivElement>(null);
  // Runs after the editor's own set-up (children's layout effects run first), before paint.
  useLayoutEffect(() => {
    const root = ref.current?.querySelector<HTMLElement>(".ql-editor");
    if (!root) return;
    root.setAttribute("aria-label", label);
    root.setAttribute("data-placeholder", placeholder);
  }, [label, placeholder]);
  return (
    <Box ref={ref}>
      <ArticleEditor {...props} />
    </Box>
  );
}
