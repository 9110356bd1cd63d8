import { Flex, Text } from "@chakra-ui/react";
import { useState } from "react";
import { LiveButton } from "./LiveButton";

/** What « Partager » says once the link is on the clipboard. */
export const LINK_COPIED = "Lien copié";

/**
 * « Partager »: the phone's own sharing (Web Share API: a message, a text, another application),
 * or where it has none (most computers), the page's address copied, said beside the button. Its
 * address without query or fragment: the page itself.
 */
export function ShareButton({ title }: { title: string }) {
  const [note, setNote] = useState("");

  const share = async () => {
    const url = `${window.location.origin}${window.location.pathname}`;
    setNote("");
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        // Closed by the parent: nothing to say. Refused by the browser: the link is copied instead.
        if (error instanceof DOMException && error.name === "AbortError") return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setNote(LINK_COPIED);
    } catch {
      setNote(`Copiez ce lien : ${url}`);
    }
  };

  return (
    <Flex gap="2" align="center" wrap="wrap">
      <LiveButton variant="outline" colorPalette="brand" onClick={() => void share()}>
        Partager
        <Text as="span" srOnly>
          {" "}
          {title}
        </Text>
      </LiveButton>
      <Text role="status" fontSize="sm" color="gray.700" wordBreak="break-all">
        {note}
      </Text>
    </Flex>
  );
}
