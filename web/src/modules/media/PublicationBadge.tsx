import { Badge, type BadgeProps, Text } from "@chakra-ui/react";
import type { PublicationStatus } from "../../generated/media";
import { formatDateTime } from "./dates";

interface Publication {
  publication: PublicationStatus;
  publishAt?: string | null;
}

/** « Brouillon » or « Programmé le 24/11/2026 à 10:00 »; nothing for a published article. */
export function publicationLabel({ publication, publishAt }: Publication): string | null {
  if (publication === "DRAFT") return "Brouillon";
  if (publication === "SCHEDULED" && publishAt) {
    const [day, time] = formatDateTime(publishAt).split(" ");
    return `Programmé le ${day} à ${time}`;
  }
  return null;
}

/** Where an unpublished article stands, as a badge (its authors' lists). */
export function PublicationBadge({ media, ...props }: { media: Publication } & BadgeProps) {
  const label = publicationLabel(media);
  if (!label) return null;
  return (
    <Badge colorPalette={media.publication === "DRAFT" ? "gray" : "orange"} variant="subtle" ml="2" {...props}>
      {label}
    </Badge>
  );
}

/** On an unpublished article's page: who sees it, and until when. */
export function PublicationNotice({ media }: { media: Publication }) {
  const label = publicationLabel(media);
  if (!label) return null;
  return (
    <Text role="note" bg="orange.50" borderWidth="1px" borderColor="orange.300" borderRadius="md" px="4" py="3">
      <PublicationBadge media={media} ml="0" me="1" /> Cet article n'est pas publié : seuls ses auteurs et les
      administrateurs le voient.
      {media.publication === "SCHEDULED" ? " Il apparaîtra de lui-même à la date prévue." : ""}
    </Text>
  );
}
