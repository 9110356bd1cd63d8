import { Box, Text } from "@chakra-ui/react";
import { SHEET_REVIEW_MONTHS } from "../../rules";
import { formatDate } from "../media/dates";

/**
 * When the sheet was last checked by its partner (« Mis à jour le … »), and a notice when
 * nobody has confirmed it for 9 months.
 */
export function SheetFreshness({ checkedAt, needsReview }: { checkedAt: string; needsReview: boolean }) {
  return (
    <>
      <Text color="gray.700">Mis à jour le {formatDate(checkedAt)}</Text>
      {needsReview && (
        <Box
          as="section"
          aria-labelledby="sheet-review-heading"
          bg="orange.50"
          borderWidth="1px"
          borderColor="orange.300"
          borderRadius="md"
          p="4"
        >
          <Text id="sheet-review-heading" fontWeight="bold" color="orange.900">
            Informations à vérifier
          </Text>
          <Text color="gray.800">
            Le partenaire n'a pas confirmé ces informations depuis plus de {SHEET_REVIEW_MONTHS} mois : horaires,
            téléphone ou adresse ont pu changer. Contactez la structure avant de vous déplacer.
          </Text>
        </Box>
      )}
    </>
  );
}
