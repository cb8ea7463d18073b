package io.fx.micronaut.test.aws;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.annotation.FxModel;
import io.fx.micronaut.model.BaseModel;

/** The gateway tests' model. */
@FxModel
public class Memo extends BaseModel {

    @Fx("required, unique, filterable, sortable")
    private String name;
    @Fx("min:0, filterable, sortable")
    private Integer stars;

    public String getName() { return name; }
    public void setName(String name) { this.name = name; }
    public Integer getStars() { return stars; }
    public void setStars(Integer stars) { this.stars = stars; }
}
