import { Box, Button, Menu, Portal } from "@chakra-ui/react";
import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { SessionExpiryPrompt } from "../auth/SessionExpiryPrompt";
import { notify } from "../../ui/toaster";
import { useSession } from "../auth/session";
import "../../ui/more-recipes";
import { leavePage } from "../../ui/leave-path";

const FIRST_ITEM = "profile";

/** The signed-in user's menu: name, user management and error reports (admins), sign-out. */
export default function AccountMenu() {
  const { user, can, signOut } = useSession();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  // The first item is highlighted as the menu opens (the menu button pattern): Enter at once
  // takes it. The menu's own « first item » waits for a frame and found no item yet, now and
  // then, on a slow phone, when its content mounted later: Enter then did nothing.
  const [highlighted, setHighlighted] = useState<string | null>(null);
  if (!user) return null;

  // A page whose form holds edits (a new article…) asks before any of these leaves it.
  const go = (path: string) => leavePage(() => navigate(path));
  const disconnect = async () => {
    // Leave the page first: a page for partners would otherwise ask again, and fail, once signed out.
    navigate("/");
    try {
      await signOut();
    } finally {
      notify.info("Vous avez été déconnecté");
    }
  };

  return (
    <>
      {/* Signed in: a session that runs out on an open page asks to sign in again. */}
      <SessionExpiryPrompt />
      <Menu.Root
        positioning={{ placement: "bottom-end" }}
        open={open}
        onOpenChange={(details) => {
          setOpen(details.open);
          setHighlighted(details.open ? FIRST_ITEM : null);
        }}
        highlightedValue={highlighted}
        onHighlightChange={(details) => setHighlighted(details.highlightedValue)}
      >
        <Menu.Trigger asChild>
          <Button
            variant="outline"
            colorPalette="brand"
            aria-label={`Mon compte : ${user.surname} ${user.name}`}
            maxW="64"
          >
            {/* Phones show a short label, so the logo keeps its room. */}
            <Box as="span" display={{ base: "none", lg: "inline" }} truncate>
              {user.surname} {user.name}
            </Box>
            <Box as="span" display={{ base: "inline", lg: "none" }}>
              Mon compte
            </Box>
          </Button>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content
              // Tab leaves the menu, as in the menu button pattern: it closes, and focus is back on « Mon compte ».
              onKeyDown={(event) => {
                if (event.key !== "Tab") return;
                event.preventDefault();
                setOpen(false);
              }}
            >
              {/* Phones show « Mon compte » on the button: the menu names whose account it is. */}
              <Box px="2" py="1.5" fontSize="sm" color="gray.700" aria-hidden="true" truncate>
                {user.surname} {user.name}
              </Box>
              {/* Each item acts on its own click (Enter clicks the highlighted one). The menu's
                  « onSelect » acts on the highlighted item, through a listener attached after the
                  items show: a click landing in between was lost, and a click sent without the
                  pointer (a screen reader's) took the item highlighted as the menu opened. */}
              <Menu.Item value={FIRST_ITEM} onClick={() => go("/profil")}>
                Mon profil
              </Menu.Item>
              {can.manageUsers && (
                <Menu.Item value="users" onClick={() => go("/gestion-utilisateurs")}>
                  Gestion des utilisateurs
                </Menu.Item>
              )}
              {can.manageUsers && (
                <Menu.Item value="review" onClick={() => go("/fiches-a-verifier")}>
                  Fiches à vérifier
                </Menu.Item>
              )}
              {can.manageUsers && (
                <Menu.Item value="reports" onClick={() => go("/signalements")}>
                  Signalements
                </Menu.Item>
              )}
              {can.manageUsers && (
                <Menu.Item value="alerts" onClick={() => go("/alertes-e-mail")}>
                  Alertes e-mail
                </Menu.Item>
              )}
              <Menu.Item value="logout" onClick={() => leavePage(() => void disconnect())}>
                Déconnexion
              </Menu.Item>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
    </>
  );
}
