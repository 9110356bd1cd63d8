import { Box, SimpleGrid, Text } from "@chakra-ui/react";
import { useMemo } from "react";
import { type Network } from "../../../generated/accounts";
import type { ReferenceDataQuery } from "../../../generated/reference";
import { CheckboxGroup } from "../../../ui/CheckboxGroup";
import { useSession } from "../../auth/session";
import { LocationPicker } from "../../geo/LocationPicker";
import { fieldId } from "./article-field-ids";
import { availableNetworks } from "./article-form";
import type { ArticleFormState } from "./useArticleForm";

/**
 * Whom and where the article is for: families (ages), themes, the networks it is reserved to
 * (those the author may choose) and its places.
 */
export function AudienceFields({
  form,
  reference,
  currentNetworks,
}: {
  form: ArticleFormState;
  reference: ReferenceDataQuery["referenceData"] | undefined;
  /** Networks the edited media already has stay listed, so they can be unchecked. */
  currentNetworks: readonly Network[];
}) {
  const { values, errors, change } = form;
  const { can } = useSession();
  const networks = useMemo(
    () => availableNetworks(reference?.networks ?? [], can.restrictToNetworks, currentNetworks),
    [reference?.networks, can.restrictToNetworks, currentNetworks],
  );

  return (
    <>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
        <Box id={fieldId("ages")}>
          <CheckboxGroup
            legend="Familles"
            options={reference?.ages ?? []}
            value={values.ages}
            onChange={(ages) => change("ages", ages)}
            error={errors.ages}
          />
        </Box>
        <Box id={fieldId("thematics")}>
          <CheckboxGroup
            legend="Thématiques"
            options={reference?.thematics ?? []}
            value={values.thematics}
            onChange={(thematics) => change("thematics", thematics)}
            error={errors.thematics}
          />
        </Box>
      </SimpleGrid>

      {networks.length > 0 && (
        <Box id={fieldId("networks")}>
          <CheckboxGroup
            legend="Réservé aux réseaux"
            options={networks}
            value={values.networks}
            onChange={(selected) => change("networks", selected)}
            error={errors.networks}
            columns={2}
          />
          {!errors.networks && (
            <Text fontSize="sm" color="gray.700" mt="1.5">
              Laissez vide pour un article public
            </Text>
          )}
        </Box>
      )}

      <Box id={fieldId("lieux")}>
        <LocationPicker
          value={{ epci: values.epci, city: values.city }}
          onChange={(places) => {
            change("epci", places.epci);
            change("city", places.city);
          }}
        />
        {(errors.epci || errors.city) && (
          <Text color="red.700" fontSize="sm" mt="1.5" role="alert">
            {errors.epci ?? errors.city}
          </Text>
        )}
      </Box>
    </>
  );
}
