package io.fx.micronaut.testsuite.model;

/** The collection paths of the shared models, as the default {@code fx.path-prefix} serves them. */
public final class ModelPaths {

    public static final String GADGETS = "/api/gadgets";
    public static final String ARTICLES = "/api/articles";
    public static final String LEDGERS = "/api/ledgers";

    private ModelPaths() {
    }
}
