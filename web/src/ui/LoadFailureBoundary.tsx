import { Box } from "@chakra-ui/react";
import { Component, type ReactNode } from "react";
import { ErrorState } from "./ErrorState";
import { LoadFailure, retryFailedLoads } from "./lazy-load";

export const PART_LOAD_FAILED =
  "Cette page n'a pas pu être chargée : le portail ne répond pas ou votre connexion est interrompue.";
export const PAGE_FAILED = "Cette page n'a pas pu s'afficher. Réessayez ; si cela se reproduit, revenez à l'accueil.";
export const PART_FAILED =
  "Cette partie de la page n'a pas pu être chargée : le portail ne répond pas ou votre connexion est interrompue.";
export const PART_OFFLINE_NOTE = "Vous êtes hors connexion : elle se chargera d'elle-même au retour du réseau.";

interface Props {
  children: ReactNode;
  /** A new value (the next page's address) clears the failure. */
  resetKey?: string;
  /** Around the whole portal (not inside a page's margins): the message keeps its own. */
  standalone?: boolean;
  /**
   * Around one part of a page (see LazyPart): a part that could not be fetched is replaced by a
   * short message, or by `partFailed` (a header's button); the page around it stays. Any other
   * fault goes on to the page's boundary.
   */
  part?: boolean;
  partFailed?: (retry: () => void) => ReactNode;
}

/**
 * What a family sees instead of a blank screen when part of a page fails: a part that could
 * not be fetched (offline, a new version) is fetched again on « Réessayer » or as soon as the
 * browser is back online; any other fault reloads the page on « Réessayer ».
 */
export class LoadFailureBoundary extends Component<Props, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidUpdate(previous: Props) {
    if (previous.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  private readonly retry = () => {
    retryFailedLoads();
    this.setState({ error: null });
  };

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (this.props.part) {
      if (!(error instanceof LoadFailure)) throw error;
      if (this.props.partFailed) return this.props.partFailed(this.retry);
      return <ErrorState compact message={PART_FAILED} offlineNote={PART_OFFLINE_NOTE} onRetry={this.retry} />;
    }
    return (
      <Box m={this.props.standalone ? "4" : undefined}>
        {error instanceof LoadFailure ? (
          <ErrorState message={PART_LOAD_FAILED} onRetry={this.retry} />
        ) : (
          <ErrorState message={PAGE_FAILED} onRetry={() => window.location.reload()} autoRetry={false} />
        )}
      </Box>
    );
  }
}
