import { Box, Flex, Input, Spinner, Text, VisuallyHidden } from "@chakra-ui/react";
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";

export interface ComboboxOption {
  key: string;
  label: string;
  /** A second, quieter line (« Commune · 64230 »). */
  detail?: string;
}

interface ComboboxProps<O extends ComboboxOption> {
  value: string;
  /** Every typed change; `open`: the list may show (typing, arrows). */
  onType: (text: string) => void;
  options: readonly O[];
  onPick: (option: O) => void;
  /** The listbox's name (« Lieux proposés »). */
  listLabel: string;
  /**
   * Announced politely when the options change (« 3 lieux proposés »); with no option, shown
   * under the input too (« Aucun lieu proposé… »). Empty: nothing.
   */
  status: string;
  loading?: boolean;
  /** Shown under the input and tied to it (a failure, a hint). */
  note?: string | null;
  id?: string;
  describedBy?: string;
  /** The field is in error (aria-invalid): a form's first error takes the focus. */
  invalid?: boolean;
  placeholder?: string;
  maxLength?: number;
  onBlur?: () => void;
  /** Beside the spinner, inside the input (a clear button). */
  endElement?: ReactNode;
  /** The input takes the focus (e.g. to load what the options come from). */
  onFocus?: () => void;
  /** Takes the focus when it appears (it replaces a plain input the user was in), caret at the end. */
  autoFocus?: boolean;
  /**
   * Enter without a highlighted option: the caller decides. Answering false keeps the list
   * open with its first option highlighted (the caller would not choose for the user).
   */
  onEnterWithoutOption?: () => boolean | void;
}

/**
 * A text input that proposes options as the user types (ARIA 1.2 combobox with a listbox
 * popup: arrows, Enter, Escape, Tab). The caller computes the options from the typed text.
 */
export function Combobox<O extends ComboboxOption>({
  value,
  onType,
  options,
  onPick,
  listLabel,
  status,
  loading = false,
  note,
  id,
  describedBy,
  invalid,
  placeholder,
  maxLength,
  onBlur,
  endElement,
  onEnterWithoutOption,
  autoFocus = false,
  onFocus,
}: ComboboxProps<O>) {
  const listboxId = useId();
  const noteId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  const expanded = open && options.length > 0;
  // Nothing to propose for the typed text: the status (« vérifiez l'orthographe… ») is shown under
  // the input for everyone, not only announced, and stays when the field is left, until the text
  // changes (going, it moved what is below under a finger on its way to it).
  const nothingProposed = options.length === 0 && !loading && status !== "";
  const shownNote = note ?? (nothingProposed ? status : null);
  const activeIndex = expanded && active < options.length ? active : -1;
  const optionId = (index: number) => `${listboxId}-option-${index}`;
  // An open list is brought into view (in a drawer, above its buttons; near the screen's bottom).
  const listbox = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (expanded) listbox.current?.scrollIntoView({ block: "nearest" });
  }, [expanded]);

  // The option highlighted with the arrows is kept in the list's view (the list scrolls, not the page).
  const arrowed = useRef(false);
  useEffect(() => {
    const list = listbox.current;
    const option =
      activeIndex >= 0 && arrowed.current ? (list?.children[activeIndex] as HTMLElement | undefined) : null;
    arrowed.current = false;
    if (!list || !option) return;
    if (option.offsetTop < list.scrollTop) list.scrollTop = option.offsetTop;
    else if (option.offsetTop + option.offsetHeight > list.scrollTop + list.clientHeight)
      list.scrollTop = option.offsetTop + option.offsetHeight - list.clientHeight;
  }, [activeIndex]);

  const pick = (option: O) => {
    onPick(option);
    setOpen(false);
    setActive(-1);
  };

  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = options.length;
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        arrowed.current = true;
        if (!open) {
          setOpen(true);
          setActive(0);
        } else if (count > 0) setActive(activeIndex < 0 ? 0 : (activeIndex + 1) % count);
        break;
      case "ArrowUp":
        event.preventDefault();
        arrowed.current = true;
        if (!open) {
          setOpen(true);
          setActive(-1);
        } else if (count > 0) setActive(activeIndex <= 0 ? count - 1 : activeIndex - 1);
        break;
      case "Enter":
        // Enter on a highlighted option picks it; otherwise the surrounding form decides.
        if (expanded && activeIndex >= 0) {
          event.preventDefault();
          pick(options[activeIndex]);
        } else if (onEnterWithoutOption) {
          event.preventDefault();
          if (onEnterWithoutOption() === false && count > 0) {
            arrowed.current = true;
            setOpen(true);
            setActive(0);
          } else setOpen(false);
        }
        break;
      case "Escape":
        // Closes the list only (a surrounding dialog sees aria-expanded and stays open).
        if (expanded) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        }
        break;
      case "Tab":
        setOpen(false);
        break;
    }
  };

  return (
    <Box position="relative" width="100%">
      {/* The end elements sit inside the input's right edge (no InputGroup: the list pages load light). */}
      <Box position="relative">
        <Input
          {...(id ? { id } : {})}
          ref={(input) => {
            if (input && autoFocus && document.activeElement !== input && !input.dataset.focused) {
              input.dataset.focused = "true";
              input.focus();
              input.setSelectionRange(input.value.length, input.value.length);
            }
          }}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listboxId}
          aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
          aria-describedby={[describedBy, shownNote ? noteId : null].filter(Boolean).join(" ") || undefined}
          aria-invalid={invalid || undefined}
          autoComplete="off"
          spellCheck={false}
          value={value}
          maxLength={maxLength}
          placeholder={placeholder}
          bg="white"
          paddingInlineEnd={loading || endElement ? "16" : undefined}
          onChange={(event) => {
            onType(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => {
            setOpen(true);
            onFocus?.();
          }}
          onKeyDown={keyDown}
          onBlur={() => {
            setOpen(false);
            setActive(-1);
            onBlur?.();
          }}
        />
        {(loading || endElement) && (
          <Flex position="absolute" insetEnd="2" top="0" bottom="0" align="center" gap="1">
            {loading && <Spinner size="sm" color="brand.600" aria-hidden="true" />}
            {endElement}
          </Flex>
        )}
      </Box>
      <Box
        as="ul"
        ref={listbox}
        id={listboxId}
        role="listbox"
        aria-label={listLabel}
        hidden={!expanded}
        position="absolute"
        top="100%"
        insetInline="0"
        mt="1"
        zIndex="dropdown"
        bg="white"
        borderWidth="1px"
        borderRadius="md"
        shadow="md"
        listStyleType="none"
        m="0"
        p="1"
        maxH="64"
        overflowY="auto"
        // Scrolling or clicking the list keeps the focus in the input.
        onMouseDown={(event) => event.preventDefault()}
      >
        {expanded &&
          options.map((option, index) => (
            <Box
              as="li"
              key={option.key}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              px="3"
              py="2"
              borderRadius="sm"
              cursor="pointer"
              bg={index === activeIndex ? "brand.100" : undefined}
              color="gray.900"
              onMouseEnter={() => setActive(index)}
              onClick={() => pick(option)}
            >
              {option.label}
              {option.detail && (
                <Text as="span" display="block" fontSize="sm" color="gray.700">
                  {option.detail}
                </Text>
              )}
            </Box>
          ))}
      </Box>
      <VisuallyHidden aria-live="polite">{open && !nothingProposed ? status : ""}</VisuallyHidden>
      {/* Always present, so that a note is announced when it appears. */}
      <Text id={noteId} role="status" fontSize="sm" color="orange.800" mt={shownNote ? "1.5" : "0"}>
        {shownNote ?? ""}
      </Text>
    </Box>
  );
}
