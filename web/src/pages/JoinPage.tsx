import { Box, Button, Heading, Input, Link, RadioGroup, Stack, Text, Textarea } from "@chakra-ui/react";
import { type FormEvent, useState } from "react";
import { Link as RouterDomLink, useNavigate } from "react-router-dom";
import { type Role, useRequestPartnershipMutation } from "../generated/accounts";
import { AddressField } from "../modules/geo/AddressField";
import { TownSelect } from "../modules/geo/TownSelect";
import { errorCode, errorMessage, fieldErrors } from "../ui/errors";
import { FormField } from "../ui/FormField";
import { InfoDialog } from "../ui/InfoDialog";
import { notify } from "../ui/toaster";
import { usePageTitle } from "../ui/usePageTitle";
import {
  characterCount,
  EMAIL_TAKEN_MESSAGE,
  isEmailAddress,
  INVALID_EMAIL_MESSAGE,
  JOIN_JUSTIFY_MAX,
  JOIN_JUSTIFY_TOO_LONG,
  JOIN_SENT_MESSAGE,
  PERSON_NAME_MAX,
  phoneProblem,
  REQUIRED,
} from "../form-rules";
import "../ui/more-recipes";
import { LiveFieldset } from "../ui/LiveFieldset";
import { ErrorSummary } from "../ui/ErrorSummary";
import { useFocusOnError } from "../ui/useFocusOnError";
import { useEditMark, usePageLeaveGuard } from "../ui/unsaved-changes";

const SUCCESS = JOIN_SENT_MESSAGE;
const EMAIL_TAKEN = EMAIL_TAKEN_MESSAGE;

const EMPTY = { name: "", surname: "", email: "", phone: "", justify: "", townCode: "", fullAddress: "" };
type JoinFields = typeof EMPTY;

/** The fields in the order of the form, with their ids (the summary of errors links to them). */
const FIELD_ORDER: Array<keyof JoinFields> = [
  "name",
  "surname",
  "email",
  "phone",
  "townCode",
  "fullAddress",
  "justify",
];
const FIELD_IDS: Record<keyof JoinFields, string> = {
  name: "demande-nom",
  surname: "demande-prenom",
  email: "demande-email",
  phone: "demande-telephone",
  townCode: "demande-commune",
  fullAddress: "demande-adresse",
  justify: "demande-motivation",
};

function validate(form: JoinFields): Partial<Record<keyof JoinFields, string>> {
  const errors: Partial<Record<keyof JoinFields, string>> = {};
  if (!form.name.trim()) errors.name = REQUIRED.name;
  if (!form.surname.trim()) errors.surname = REQUIRED.surname;
  if (!isEmailAddress(form.email.trim())) errors.email = INVALID_EMAIL_MESSAGE;
  const phone = phoneProblem(form.phone);
  if (phone) errors.phone = phone;
  if (!form.justify.trim()) errors.justify = REQUIRED.justify;
  else if (form.justify.length > JOIN_JUSTIFY_MAX) errors.justify = JOIN_JUSTIFY_TOO_LONG;
  if (!form.townCode) errors.townCode = "Choisissez votre commune.";
  return errors;
}

export default function JoinPage() {
  usePageTitle("Devenir partenaire");
  const navigate = useNavigate();
  const [form, setForm] = useState(EMPTY);
  const [role, setRole] = useState<Role>("NEWS_PARTNER");
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState(false);
  const [join, { loading }] = useRequestPartnershipMutation();
  const { container, focusFirstError } = useFocusOnError();
  // A request being written: a link away (the terms of use…), a reload or closing the tab asks first.
  const edits = useEditMark();
  const leaveGuard = usePageLeaveGuard(edits.edited && !done && !loading);

  const errors = submitted ? { ...validate(form), ...serverErrors } : serverErrors;
  const set = (key: keyof JoinFields) => (value: string) => {
    setForm((current) => ({ ...current, [key]: value }));
    setServerErrors(({ [key]: _, ...rest }) => rest);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(validate(form)).length > 0) return focusFirstError();
    try {
      await join({ variables: { input: { ...form, fullAddress: form.fullAddress.trim() || null, role } } });
      setDone(true);
    } catch (failure) {
      // The field in error takes the focus and says its message: the toast is not announced too.
      if (errorCode(failure) === "BAD_USER_INPUT") {
        const fields = fieldErrors(failure);
        setServerErrors(fields);
        // Announced by the toast only when no field takes it up.
        notify.error(errorMessage(failure), { announced: Object.keys(fields).length === 0 });
        focusFirstError();
      } else if (errorCode(failure) === "CONFLICT") {
        setServerErrors({ email: EMAIL_TAKEN });
        notify.error(EMAIL_TAKEN, { announced: false });
        focusFirstError();
      } else {
        notify.error(errorMessage(failure));
      }
    }
  };

  return (
    <Box ref={edits.ref} maxW="2xl" mx="auto" bg="white" p={{ base: "5", md: "8" }} borderRadius="lg" borderWidth="1px">
      <Heading as="h1" size="2xl" mb="2">
        Devenir partenaire
      </Heading>
      <Text mb="6" color="gray.700">
        Votre demande sera examinée par un administrateur du portail. Vous recevrez un e-mail pour choisir votre mot de
        passe dès qu'elle sera validée.
      </Text>
      <form onSubmit={submit} noValidate ref={container}>
        <LiveFieldset>
          <Stack gap="4">
            <ErrorSummary
              errors={FIELD_ORDER.filter((key) => errors[key]).map((key) => ({
                fieldId: FIELD_IDS[key],
                message: errors[key]!,
              }))}
            />
            <Stack direction={{ base: "column", sm: "row" }} gap="4">
              <FormField label="Nom" required error={errors.name} id={FIELD_IDS.name}>
                <Input
                  autoComplete="family-name"
                  value={form.name}
                  maxLength={PERSON_NAME_MAX}
                  onChange={(e) => set("name")(e.target.value)}
                />
              </FormField>
              <FormField label="Prénom" required error={errors.surname} id={FIELD_IDS.surname}>
                <Input
                  autoComplete="given-name"
                  value={form.surname}
                  maxLength={PERSON_NAME_MAX}
                  onChange={(e) => set("surname")(e.target.value)}
                />
              </FormField>
            </Stack>
            <FormField label="Adresse e-mail" required error={errors.email} id={FIELD_IDS.email}>
              <Input
                type="email"
                autoComplete="email"
                value={form.email}
                onChange={(e) => set("email")(e.target.value)}
              />
            </FormField>
            <FormField label="Téléphone" required error={errors.phone} id={FIELD_IDS.phone}>
              <Input type="tel" autoComplete="tel" value={form.phone} onChange={(e) => set("phone")(e.target.value)} />
            </FormField>
            <FormField label="Territoire (commune)" required error={errors.townCode} id={FIELD_IDS.townCode}>
              <TownSelect id={FIELD_IDS.townCode} value={form.townCode} onChange={set("townCode")} />
            </FormField>
            <FormField
              label="Adresse"
              error={errors.fullAddress}
              id={FIELD_IDS.fullAddress}
              helper="Adresse postale de votre structure (facultatif) : choisissez-la parmi les adresses proposées ou saisissez-la."
            >
              <AddressField
                value={form.fullAddress}
                townCode={form.townCode || null}
                onChange={set("fullAddress")}
                onPick={(suggestion) => {
                  set("fullAddress")(suggestion.label);
                  if (suggestion.inseeCode) set("townCode")(suggestion.inseeCode);
                }}
              />
            </FormField>
            <FormField
              label="Motivation de votre demande"
              required
              error={errors.justify}
              id={FIELD_IDS.justify}
              helper={characterCount(form.justify.length, JOIN_JUSTIFY_MAX)}
            >
              <Textarea
                rows={5}
                value={form.justify}
                maxLength={JOIN_JUSTIFY_MAX * 2}
                onChange={(e) => set("justify")(e.target.value)}
              />
            </FormField>
            <fieldset>
              <Text as="legend" fontWeight="medium" mb="2">
                Vous êtes
              </Text>
              <RadioGroup.Root value={role} onValueChange={(e) => setRole(e.value as Role)} colorPalette="brand">
                <Stack gap="2">
                  <RadioGroup.Item value="NEWS_PARTNER">
                    <RadioGroup.ItemHiddenInput />
                    <RadioGroup.ItemIndicator />
                    <RadioGroup.ItemText>Un particulier : créateur de contenu</RadioGroup.ItemText>
                  </RadioGroup.Item>
                  <RadioGroup.Item value="FULL_PARTNER">
                    <RadioGroup.ItemHiddenInput />
                    <RadioGroup.ItemIndicator />
                    <RadioGroup.ItemText>Un professionnel : partenaire gestionnaire de services</RadioGroup.ItemText>
                  </RadioGroup.Item>
                </Stack>
              </RadioGroup.Root>
              <Text fontSize="sm" color="gray.700" mt="2">
                Un créateur de contenu peut publier des actualités et des ressources. Un partenaire peut en plus
                administrer les fiches de ses services.
              </Text>
            </fieldset>
            <Text fontSize="sm" color="gray.700">
              En envoyant cette demande, vous acceptez les{" "}
              <Link asChild color="brand.700" textDecoration="underline">
                <RouterDomLink to="/conditions-generales-d-utilisation">
                  conditions générales d'utilisation
                </RouterDomLink>
              </Link>
              . Vos données sont traitées comme l'indique la rubrique « Données personnelles » des{" "}
              <Link asChild color="brand.700" textDecoration="underline">
                <RouterDomLink to="/mentions-legales">mentions légales</RouterDomLink>
              </Link>
              .
            </Text>
            <Button type="submit" colorPalette="brand" loading={loading} loadingText="Envoi de la demande…">
              Envoyer ma demande
            </Button>
          </Stack>
        </LiveFieldset>
      </form>
      <InfoDialog open={done} title="Demande envoyée" message={SUCCESS} onClose={() => navigate("/")} />
      {leaveGuard}
    </Box>
  );
}
