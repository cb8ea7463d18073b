package io.fx.micronaut.testsuite.model;

/** The collection paths of the shared models, as the default {@code fx.path-prefix} serves them. */
public final class ModelPaths {

    public static final String GADGETS = "/api/gadgets";
    public static final String ARTICLES = "/api/articles";
    public static final String LEDGERS = "/api/ledgers";
    public static final String LEDGER_ENTRIES = "/api/ledger_entries";
    public static final String SPECIMENS = "/api/specimens";
    public static final String PALETTES = "/api/palettes";
    public static final String GADGET_SIGNUPS = "/api/gadget_signups";
    public static final String TICKETS = "/api/tickets";
    public static final String READINGS = "/api/readings";
    public static final String HEADCOUNTS = "/api/headcounts";

    private ModelPaths() {
    }
}
