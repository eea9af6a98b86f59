import type { Plugin } from 'vite';

// One HTML document per installed app's start page (decision 1119): index.html is built once, with every first
// screen the build pre-renders between markers, and split here, after Vite's own HTML step has filled in every
// URL and the boot script's data, so all documents carry the same boot script (one CSP hash) and the same head.

/** An installed app's start page with a pre-rendered first screen (app/shell/static-page.ts's STATIC_PAGES). */
export interface StartPage {
  name: string;
  address: string;
}

/** What only the landing page's document carries: the hero's image preloads and its pre-rendered screen. */
const LANDING_ONLY = /<!--landing-only-->([\s\S]*?)<!--\/landing-only-->/g;
/** The hero's backdrop: painted on '/', an inert template in a start page's document (use-hero-backdrop.ts). */
const HERO_BACKDROP = /<!--hero-backdrop-->([\s\S]*?)<!--\/hero-backdrop-->/g;
/** One start page's pre-rendered screens (static-pages.tsx), all three languages. */
const START_PAGE = /<!--start-page ([\w-]+)-->([\s\S]*?)<!--\/start-page-->/g;
const HTML_TAG = '<html lang="en">';

/** The id of the template that holds the hero's backdrop in a start page's document. */
export const HERO_BACKDROP_TEMPLATE_ID = 'hero-backdrop-template';

/** A start page's document's file in the built folder: its address with `.html` ('/dashboard/guest.html'). */
export function startPageFile(address: string): string {
  return `${address.replace(/^\//, '')}.html`;
}

/** Wraps one start page's pre-rendered screens for startPageDocuments. */
export function markStartPage(name: string, markup: string): string {
  return `<!--start-page ${name}-->${markup}<!--/start-page-->`;
}

function count(html: string, pattern: RegExp): number {
  return [...html.matchAll(pattern)].length;
}

/**
 * Splits the built index.html into index.html (the landing's first screen, no start page's) and one
 * document per start page (its own screen, named on <html data-static-page> for the boot script; none of the
 * landing's, the hero's backdrop as a template), keyed by file name in the built folder.
 */
export function startPageDocuments(html: string, pages: readonly StartPage[]): Record<string, string> {
  if (count(html, LANDING_ONLY) < 2) throw new Error('index.html has no landing-only parts');
  if (count(html, HERO_BACKDROP) !== 1) throw new Error('index.html has no single hero backdrop');
  if (html.split(HTML_TAG).length !== 2) throw new Error(`index.html has no single ${HTML_TAG}`);
  const marked = [...html.matchAll(START_PAGE)].map((match) => match[1]);
  const names = pages.map((page) => page.name);
  if (marked.join() !== names.join())
    throw new Error(`index.html carries the start pages ${marked}, expected ${names}`);

  const documents: Record<string, string> = {
    'index.html': html
      .replace(START_PAGE, '')
      .replace(LANDING_ONLY, (_, part: string) => part)
      .replace(HERO_BACKDROP, (_, part: string) => part),
  };
  for (const page of pages)
    documents[startPageFile(page.address)] = html
      .replace(HTML_TAG, `<html lang="en" data-static-page="${page.name}">`)
      .replace(START_PAGE, (_, name: string, part: string) => (name === page.name ? part : ''))
      .replace(LANDING_ONLY, '')
      .replace(
        HERO_BACKDROP,
        (_, part: string) => `<template id="${HERO_BACKDROP_TEMPLATE_ID}">${part}</template>`,
      );
  return documents;
}

/**
 * Emits the start pages' documents beside index.html (see startPageDocuments). `pages` is read when the bundle
 * is written (the pre-render step fills it). Runs after Vite's HTML step (enforce: 'post'), which emits
 * index.html in its own generateBundle; the service worker's plugin, later still, precaches what it finds.
 */
export function startPageDocumentsPlugin(pages: () => readonly StartPage[]): Plugin {
  return {
    name: 'utsav-start-page-documents',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset' || typeof index.source !== 'string')
        throw new Error('the bundle has no index.html');
      for (const [fileName, source] of Object.entries(startPageDocuments(index.source, pages())))
        if (fileName === 'index.html') index.source = source;
        else this.emitFile({ type: 'asset', fileName, source });
    },
  };
}
