import { Box, Field, Input, RadioGroup, SimpleGrid, Skeleton, Stack, Text } from "@chakra-ui/react";
import { type ReactNode, useId, useMemo } from "react";
import { type Network } from "../../../generated/accounts";
import type { PublicationStatus } from "../../../generated/media";
import { type Category, useReferenceDataQuery } from "../../../generated/reference";
import { CheckboxGroup } from "../../../ui/CheckboxGroup";
import { FormField } from "../../../ui/FormField";
import { useSession } from "../../auth/session";
import { LocationPicker } from "../../geo/LocationPicker";
import { availableNetworks } from "./article-form";
import { FileDropZone } from "./FileDropZone";
import type { ArticleFormState } from "./useArticleForm";
import "../../../ui/more-recipes";
import { ErrorSummary } from "../../../ui/ErrorSummary";
import { lazyLoad } from "../../../ui/lazy-load";
import { LazyPart } from "../../../ui/LazyPart";

const TITLE_ID = "article-titre";
/** Where the error summary's link for a field leads (its control, or the block that holds it). */
const fieldId = (field: string) =>
  field === "title" ? TITLE_ID : `article-${field === "epci" || field === "city" ? "lieux" : field}`;

// Quill and its styles load with the editor only.
const ArticleEditor = lazyLoad(() => import("./ArticleEditor"));

interface ArticleFormProps {
  form: ArticleFormState;
  id?: string;
  /** Networks the edited media already has stay listed, so they can be unchecked. */
  currentNetworks?: readonly Network[];
  /** The edited article is already published (« Publier maintenant » then reads « Publié »). */
  published?: boolean;
  /** The submit button(s), when they sit inside the form. */
  children?: ReactNode;
}

const NO_NETWORKS: Network[] = [];
const DATE_HELP = "Format JJ/MM/AAAA HH:mm, heure de Paris";

/** The fields of an article: shared by the new-article page and the edit dialog. */
export function ArticleForm({
  form,
  id,
  currentNetworks = NO_NETWORKS,
  published = false,
  children,
}: ArticleFormProps) {
  const { values, errors, change, busy } = form;
  const { data } = useReferenceDataQuery();
  const { can } = useSession();
  const reference = data?.referenceData;
  const editorLabelId = useId();
  const editorHelpId = useId();
  const editorErrorId = useId();

  const networks = useMemo(
    () => availableNetworks(reference?.networks ?? [], can.restrictToNetworks, currentNetworks),
    [reference?.networks, can.restrictToNetworks, currentNetworks],
  );

  return (
    <form ref={form.formRef} id={id} onSubmit={form.submit} noValidate aria-busy={Boolean(busy)}>
      <Stack gap="6">
        {form.submitted && (
          <ErrorSummary
            errors={Object.entries(errors).map(([field, message]) => ({
              fieldId: fieldId(field),
              message: message!,
            }))}
          />
        )}
        <FormField
          label="Titre"
          error={errors.title}
          helper="Laissez vide pour utiliser le premier titre de l'article"
          id={TITLE_ID}
        >
          <Input value={values.title} maxLength={255} onChange={(event) => change("title", event.target.value)} />
        </FormField>

        <Box id={fieldId("article")}>
          <Text id={editorLabelId} fontWeight="medium" fontSize="sm" mb="1.5">
            Contenu de l'article{" "}
            <Text as="span" color="red.700" aria-hidden="true">
              *
            </Text>
          </Text>
          <Text id={editorHelpId} fontSize="sm" color="gray.700" mb="2">
            Les images sont envoyées sur le portail ; le style « Titre 1 » peut servir de titre à l'article.
          </Text>
          <LazyPart
            fallback={<Skeleton height="22rem" borderRadius="md" role="status" aria-label="Chargement de l'éditeur" />}
          >
            <ArticleEditor
              initialDocument={values.article}
              onChange={(document) => change("article", document)}
              invalid={Boolean(errors.article)}
              describedBy={errors.article ? `${editorErrorId} ${editorHelpId}` : editorHelpId}
            />
          </LazyPart>
          {errors.article && (
            <Text id={editorErrorId} color="red.700" fontSize="sm" mt="1">
              {errors.article}
            </Text>
          )}
        </Box>

        <Box id={fieldId("category")}>
          <Field.Root invalid={Boolean(errors.category)} required>
            <RadioGroup.Root
              value={values.category}
              onValueChange={(details) => details.value && change("category", details.value as Category)}
              colorPalette="brand"
            >
              <RadioGroup.Label fontWeight="semibold" color="gray.900" mb="2">
                Catégorie <Field.RequiredIndicator color="red.700" />
              </RadioGroup.Label>
              <Stack direction={{ base: "column", md: "row" }} gap={{ base: "2", md: "6" }} flexWrap="wrap">
                {(reference?.categories ?? []).map((category) => (
                  <RadioGroup.Item key={category.value} value={category.value}>
                    <RadioGroup.ItemHiddenInput />
                    <RadioGroup.ItemIndicator />
                    <RadioGroup.ItemText>{category.label}</RadioGroup.ItemText>
                  </RadioGroup.Item>
                ))}
              </Stack>
            </RadioGroup.Root>
            {errors.category && <Field.ErrorText color="red.700">{errors.category}</Field.ErrorText>}
          </Field.Root>
        </Box>

        {values.category === "EVENT" && (
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" p="4" bg="gray.50" borderRadius="md" borderWidth="1px">
            <FormField
              id={fieldId("eventFrom")}
              label="Début de l'évènement"
              required
              error={errors.eventFrom}
              helper={DATE_HELP}
            >
              <Input
                value={values.eventFrom}
                placeholder="JJ/MM/AAAA HH:mm"
                autoComplete="off"
                onChange={(event) => change("eventFrom", event.target.value)}
              />
            </FormField>
            <FormField id={fieldId("eventTo")} label="Fin de l'évènement" error={errors.eventTo} helper={DATE_HELP}>
              <Input
                value={values.eventTo}
                placeholder="JJ/MM/AAAA HH:mm"
                autoComplete="off"
                onChange={(event) => change("eventTo", event.target.value)}
              />
            </FormField>
            <Box gridColumn={{ md: "span 2" }}>
              <FormField id={fieldId("eventAddress")} label="Adresse de l'évènement" error={errors.eventAddress}>
                <Input
                  value={values.eventAddress}
                  maxLength={255}
                  autoComplete="street-address"
                  onChange={(event) => change("eventAddress", event.target.value)}
                />
              </FormField>
            </Box>
            <FormField
              label="E-mail de l'organisateur"
              id={fieldId("contactEmail")}
              error={errors.contactEmail}
              helper="Facultatif : affiché sur la page de l'évènement."
            >
              <Input
                type="email"
                value={values.contactEmail}
                maxLength={254}
                autoComplete="off"
                onChange={(event) => change("contactEmail", event.target.value)}
              />
            </FormField>
            <FormField
              id={fieldId("contactPhone")}
              label="Téléphone de l'organisateur"
              error={errors.contactPhone}
              helper="Facultatif."
            >
              <Input
                type="tel"
                value={values.contactPhone}
                maxLength={30}
                autoComplete="off"
                onChange={(event) => change("contactPhone", event.target.value)}
              />
            </FormField>
            <Box gridColumn={{ md: "span 2" }}>
              <FormField
                label="Lien d'inscription"
                id={fieldId("registrationUrl")}
                error={errors.registrationUrl}
                helper="Facultatif : adresse commençant par https://"
              >
                <Input
                  type="url"
                  value={values.registrationUrl}
                  maxLength={500}
                  autoComplete="off"
                  onChange={(event) => change("registrationUrl", event.target.value)}
                />
              </FormField>
            </Box>
          </SimpleGrid>
        )}

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

        <Box id={fieldId("files")}>
          <FileDropZone
            entries={values.files}
            onAdd={form.addFiles}
            onToggle={form.toggleFile}
            error={errors.files}
            disabled={Boolean(busy)}
          />
        </Box>

        <PublicationChoice form={form} published={published} />

        {children}
      </Stack>
    </form>
  );
}

const PUBLICATION_CHOICES: Array<{ value: PublicationStatus; label: string; help: string }> = [
  { value: "PUBLISHED", label: "Publier maintenant", help: "Visible de tous dès l'enregistrement." },
  {
    value: "SCHEDULED",
    label: "Programmer la publication",
    help: "Publié de lui-même à la date choisie ; d'ici là, visible de vous et des administrateurs seulement.",
  },
  {
    value: "DRAFT",
    label: "Enregistrer comme brouillon",
    help: "Visible de vous et des administrateurs seulement, dans « Mes articles ».",
  },
];

/** Publish now, at a chosen date and time, or keep as a draft. */
function PublicationChoice({ form, published }: { form: ArticleFormState; published: boolean }) {
  const { values, errors, change } = form;
  const choices = published
    ? PUBLICATION_CHOICES.map((choice) =>
        choice.value === "PUBLISHED" ? { ...choice, label: "Publié", help: "Visible de tous." } : choice,
      )
    : PUBLICATION_CHOICES;
  const chosen = choices.find((choice) => choice.value === values.publication);
  const helpId = useId();
  return (
    <Box borderWidth="1px" borderRadius="md" p="4" bg="gray.50">
      <RadioGroup.Root
        value={values.publication}
        onValueChange={(details) => details.value && change("publication", details.value as PublicationStatus)}
        colorPalette="brand"
        aria-describedby={helpId}
      >
        <RadioGroup.Label fontWeight="semibold" color="gray.900" mb="2">
          Publication
        </RadioGroup.Label>
        <Stack direction={{ base: "column", md: "row" }} gap={{ base: "2", md: "6" }} flexWrap="wrap">
          {choices.map((choice) => (
            <RadioGroup.Item key={choice.value} value={choice.value}>
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator />
              <RadioGroup.ItemText>{choice.label}</RadioGroup.ItemText>
            </RadioGroup.Item>
          ))}
        </Stack>
      </RadioGroup.Root>
      <Text id={helpId} fontSize="sm" color="gray.700" mt="2">
        {chosen?.help}
      </Text>
      {values.publication === "SCHEDULED" && (
        <Box mt="3" maxW="sm">
          <FormField
            id={fieldId("publishAt")}
            label="Date et heure de publication"
            required
            error={errors.publishAt}
            helper={DATE_HELP}
          >
            <Input
              value={values.publishAt}
              placeholder="JJ/MM/AAAA HH:mm"
              autoComplete="off"
              onChange={(event) => change("publishAt", event.target.value)}
            />
          </FormField>
        </Box>
      )}
    </Box>
  );
}
