import { Box, Heading, Input, Stack, Text } from "@chakra-ui/react";
import { type FormEventHandler, type ReactNode, type Ref } from "react";
import { LOGIN_FAILED_MESSAGE, REQUIRED } from "../../form-rules";
import { FormField } from "../../ui/FormField";
import { LiveFieldset } from "../../ui/LiveFieldset";
import "../../ui/more-recipes";

interface AuthCardProps {
  title: string;
  /** A sentence under the title: what the page is for. */
  intro?: ReactNode;
  /** Absent: the card says something and holds no form (a link that no longer opens one). */
  onSubmit?: FormEventHandler<HTMLFormElement>;
  /** The form, for moving the focus to its first field in error. */
  formRef?: Ref<HTMLFormElement>;
  /** The fields, the submit button and the links under it. */
  children: ReactNode;
  /** What goes with the page outside the form (a confirmation dialog). */
  after?: ReactNode;
}

/**
 * The account pages' parts (sign in, forgotten password, choose a password, and the sign-in of a
 * session that ran out): one module, one chunk for the pages that share them.
 *
 * The card of the account pages (sign in, forgotten password, choose a password): one
 * narrow column, its form disabled until the page is live (server rendered pages show
 * at once on a slow phone).
 */
export function AuthCard({ title, intro, onSubmit, formRef, children, after }: AuthCardProps) {
  return (
    <Box maxW="md" mx="auto" bg="white" p={{ base: "5", sm: "8" }} borderRadius="lg" borderWidth="1px">
      <Heading as="h1" size="2xl" mb={intro ? "4" : "6"}>
        {title}
      </Heading>
      {intro && (
        <Text mb="6" color="gray.700">
          {intro}
        </Text>
      )}
      {onSubmit ? (
        <form onSubmit={onSubmit} noValidate ref={formRef}>
          <LiveFieldset>
            <Stack gap="4">{children}</Stack>
          </LiveFieldset>
        </form>
      ) : (
        <Stack gap="4">{children}</Stack>
      )}
      {after}
    </Box>
  );
}

/** What went wrong with a form as a whole (a refused sign-in, a link that no longer opens), said where it is read. */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <Box role="alert" color="red.800" bg="red.50" borderWidth="1px" borderColor="red.600" borderRadius="md" p="3">
      {children}
    </Box>
  );
}

/** Spec §8: the same message whatever made a sign-in fail. */
export const LOGIN_FAILED = LOGIN_FAILED_MESSAGE;

/**
 * The e-mail and password of a sign-in, and why it failed: the sign-in page's, and the dialog's
 * of a session that ran out on an open page.
 */
export function SignInFields({
  email,
  password,
  onEmail,
  onPassword,
  submitted,
  failed,
  passwordRef,
}: {
  email: string;
  password: string;
  onEmail: (email: string) => void;
  onPassword: (password: string) => void;
  /** Sent once: a blank field says it is required. */
  submitted: boolean;
  failed: boolean;
  passwordRef?: Ref<HTMLInputElement>;
}) {
  return (
    <>
      <FormField label="Adresse e-mail" required error={submitted && !email.trim() ? REQUIRED.email : null}>
        <Input type="email" autoComplete="username" value={email} onChange={(e) => onEmail(e.target.value)} />
      </FormField>
      <FormField label="Mot de passe" required error={submitted && !password ? REQUIRED.password : null}>
        <Input
          ref={passwordRef}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => onPassword(e.target.value)}
        />
      </FormField>
      {failed && <FormAlert>{LOGIN_FAILED}</FormAlert>}
    </>
  );
}
