import { aboutPage, accessibilityPage, legalNoticePage, offerPage, termsPage } from "../modules/static-pages/content";
import { StaticPage } from "../modules/static-pages/StaticPage";

export const AboutPage = () => <StaticPage content={aboutPage} />;
export const OfferPage = () => <StaticPage content={offerPage} />;
export const LegalNoticePage = () => <StaticPage content={legalNoticePage} />;
export const TermsPage = () => <StaticPage content={termsPage} />;
export const AccessibilityPage = () => <StaticPage content={accessibilityPage} />;
