import { Box, chakra, useRecipe } from "@chakra-ui/react";
import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router-dom";
import { useTypedBeforeLive } from "../../ui/useTypedBeforeLive";
import { SEARCH_TEXT_MAX } from "../../rules";

const DEBOUNCE_MS = 1000;

/**
 * The text search above the results: applied 1 s after the last keystroke (spec §9), or
 * at once with Enter. Follows the URL when it changes from elsewhere (back button).
 */
export function SearchBox({
  value,
  onSearch,
  inputId,
}: {
  value: string;
  onSearch: (text: string) => void;
  inputId: string;
}) {
  const [text, setText] = useState(value);
  // The last value this box sent, to tell its own URL updates from outside ones.
  const [sent, setSent] = useState(value);
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (value !== sent) {
      setText(value);
      setSent(value);
    }
  }

  const search = (next: string) => {
    setSent(next.trim());
    onSearch(next);
  };

  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => {
      setSent(text.trim());
      onSearch(text);
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);

  // A plain input with the theme's input styles: the list page does not need Chakra's Field machinery.
  const inputStyles = useRecipe({ key: "input" });
  // Typed before the page is live: kept, and searched for as if typed now. Until then, Enter
  // searches too (the form goes to the server as ?q=…).
  const input = useRef<HTMLInputElement>(null);
  useTypedBeforeLive(input, value, setText);
  const [params] = useSearchParams();
  return (
    <form
      role="search"
      style={{ flex: 1 }}
      onSubmit={(event) => {
        event.preventDefault();
        search(text);
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
        maxLength={SEARCH_TEXT_MAX}
        autoComplete="off"
        placeholder="Mots-clés, ex. : crèche"
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      {/* Sent with ?q=… before the page is live: the place and the filters chosen stay. */}
      {[...params].map(([name, kept]) =>
        name === "q" || name === "page" ? null : <input key={name + kept} type="hidden" name={name} value={kept} />,
      )}
    </form>
  );
}
