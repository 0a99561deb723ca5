/**
 * The window's language, asked for as its scripts start: main.tsx imports this module first, so
 * the language's chunk comes in while React and the window's own code get ready and the state is
 * asked for, rather than after the state has said which language to show. The language is the
 * one this window last showed (remembered in its own storage), else the system's, which the
 * preference 'system' (the default) shows; when the state says another, that one is loaded then,
 * and the one asked for here was loaded for nothing (a first start after a change of language).
 */
import { LANGUAGE_CHUNKS } from './chunks';
import { likelyLocale } from './lastShown';

// The chunk's request, started now; loadSentences finds the same module when the state names it.
LANGUAGE_CHUNKS[likelyLocale()]?.().catch(() => undefined);
