/** See built.js: which code bin/turnkeeper.js runs. */
export declare const builtMain: URL;
export declare const hasSources: boolean;
export declare function choose(): 'built' | 'sources' | 'none';
