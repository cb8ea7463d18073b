package io.fx.micronaut.aws;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.annotation.FxModel;
import io.fx.micronaut.model.BaseModel;

/** The Lambda tests' model: a required unique, filterable and sortable name and a bounded count. */
@FxModel
public class Note extends BaseModel {

    @Fx("required, unique, filterable, sortable")
    private String name;
    @Fx("min:0, filterable, sortable")
    private Integer stars;

    public String getName() { return name; }
    public void setName(String name) { this.name = name; }
    public Integer getStars() { return stars; }
    public void setStars(Integer stars) { this.stars = stars; }
}
