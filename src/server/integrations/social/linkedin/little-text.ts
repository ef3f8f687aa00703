/* The little text format lives in contracts (the composer counts LinkedIn's length with it). */
export { toLittleText } from '../../../../contracts/linkedin-little-text';
