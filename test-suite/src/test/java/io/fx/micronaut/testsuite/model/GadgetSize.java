package io.fx.micronaut.testsuite.model;

/** A Java enum property type: the property implies {@code enum:SMALL|MEDIUM|LARGE}. */
public enum GadgetSize {
    SMALL, MEDIUM, LARGE
}
