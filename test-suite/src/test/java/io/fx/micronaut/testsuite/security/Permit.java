package io.fx.micronaut.testsuite.security;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.annotation.FxModel;
import io.fx.micronaut.model.BaseModel;

/** Security test model for policies: a permit with a level. */
@FxModel
public class Permit extends BaseModel {

    @Fx("filterable, sortable")
    private String title;
    @Fx("filterable, sortable")
    private Integer level;

    public String getTitle() { return title; }
    public void setTitle(String title) { this.title = title; }
    public Integer getLevel() { return level; }
    public void setLevel(Integer level) { this.level = level; }
}
