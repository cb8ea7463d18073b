package io.fx.micronaut.testsuite.synthetic;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.model.BaseModel;
import io.micronaut.core.annotation.Introspected;

/** A class-backed model registered headless: migrated, reachable through accessors, no routes. */
@Introspected
public class Tracker extends BaseModel {

    @Fx("filterable")
    private String code;

    public String getCode() { return code; }
    public void setCode(String code) { this.code = code; }
}
