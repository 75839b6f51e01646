export * from './reference-document-validator';
export * from './markdown-corpus';
