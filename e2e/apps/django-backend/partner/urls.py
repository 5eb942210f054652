from django.urls import include, path

from .login import login

urlpatterns = [
    path('login/<str:application_id>', login),
    path('', include('signing.urls')),
]
