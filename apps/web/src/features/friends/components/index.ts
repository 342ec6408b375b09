/** Friends components other features embed (the user page, the people directory). */
export { ConnectButton } from './connect-button.tsx';
export { ContactCard, type ContactPerson } from './contact-card.tsx';
