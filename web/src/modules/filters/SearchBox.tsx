import { Box, chakra, useRecipe } from "@chakra-ui/react";
import { useEffect, useRef, useState } from "react";
import { useTypedBeforeLive } from "../../ui/useTypedBeforeLive";

const DEBOUNCE_MS = 1000;

/**
 * The text search above the results: applied 1 s after the last keystroke (spec §9), or
 * at once with Enter. Follows the URL when it changes from elsewhere (back button). A text
 * typed in several pauses (« atel », then « atelier ») is one step of the history: its first
 * search adds an entry, the next ones replace it, so that Back returns to the list before the
 * typing; Enter or Back ends that step.
 */
export function SearchBox({
  value,
  onSearch,
  inputId,
}: {
  value: string;
  /** `replace`: the search goes in place of the current history entry (a pause in the same typing). */
  onSearch: (text: string, replace: boolean) => void;
  inputId: string;
}) {
  const [text, setText] = useState(value);
  // The last value this box sent, to tell its own URL updates from outside ones.
  const [sent, setSent] = useState(value);
  const [seen, setSeen] = useState(value);
  // Whether this typing already has its history entry (set by its first search).
  const [typing, setTyping] = useState(false);
  if (value !== seen) {
    setSeen(value);
    if (value !== sent) {
      setText(value);
      setSent(value);
      setTyping(false);
    }
  }

  // Nothing to search for when the text is the one last sent (the URL may not show it yet: the
  // router draws it in a transition, late on a busy phone).
  useEffect(() => {
    if (text.trim() === sent) return;
    const timer = setTimeout(() => {
      setSent(text.trim());
      onSearch(text, typing);
      setTyping(true);
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, sent, typing, onSearch]);

  // A plain input with the theme's input styles: the list page does not need Chakra's Field machinery.
  const inputStyles = useRecipe({ key: "input" });
  // Typed before the page is live: kept, and searched for as if typed now. Until then, Enter
  // searches too (the form goes to the server as ?q=…).
  const input = useRef<HTMLInputElement>(null);
  useTypedBeforeLive(input, value, setText);
  return (
    <form
      role="search"
      style={{ flex: 1 }}
      onSubmit={(event) => {
        event.preventDefault();
        setSent(text.trim());
        onSearch(text, typing);
        setTyping(false);
      }}
    >
      <Box asChild display="block" fontSize="sm" fontWeight="medium" mb="1.5">
        <label htmlFor={inputId}>Rechercher</label>
      </Box>
      <chakra.input
        css={inputStyles({})}
        id={inputId}
        ref={input}
        name="q"
        type="search"
        bg="white"
        maxLength={200}
        autoComplete="off"
        placeholder="Mots-clés, ex. : crèche"
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
    </form>
  );
}
